export type PushState = 'unsupported' | NotificationPermission;

/** Whether this browser can take pushes and, if so, what the person has decided about them. */
export function pushState(): PushState {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission;
}
