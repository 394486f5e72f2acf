import { removeDeviceToken } from './api/remove-device-token';
import { pushState } from './push-state';

/** Logging out never waits longer than this for push to be let go (a slow network, a stuck service worker). */
export const PUSH_RELEASE_TIMEOUT_MS = 3_000;

const warn = (err: unknown) => console.warn('Push subscription could not be released:', err);

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Waits for the work at most `ms`; its failure is logged, never thrown. */
async function atMost(ms: number, work: Promise<unknown>) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  await Promise.race([work.catch(warn), timeout]);
  clearTimeout(timer);
}

/**
 * Before logging out: this browser stops getting the account's pushes. The server forgets the
 * subscription (DELETE device-token, while the session is still there to ask with), then the browser
 * drops it, so the next person to sign in here gets a new one of their own. Neither may stop or hold up
 * the logout: failures are logged and the wait is capped.
 */
export async function releasePushSubscription(timeoutMs = PUSH_RELEASE_TIMEOUT_MS): Promise<void> {
  if (pushState() === 'unsupported') return;
  await atMost(
    timeoutMs,
    (async () => {
      const subscription = await currentSubscription();
      if (!subscription) return;
      await removeDeviceToken(subscription.endpoint).catch(warn);
      await subscription.unsubscribe();
    })(),
  );
}

/** After the account was deleted (the server already removed its subscriptions): the browser drops its own. */
export async function dropBrowserPushSubscription(timeoutMs = PUSH_RELEASE_TIMEOUT_MS): Promise<void> {
  if (pushState() === 'unsupported') return;
  await atMost(timeoutMs, currentSubscription().then((subscription) => subscription?.unsubscribe()));
}
