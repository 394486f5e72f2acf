import { apiFetch } from '../../../lib/api-client';

/** POST device-token {device_token}: the JSON of the browser's PushSubscription. */
export const saveDeviceToken = (deviceToken: string) =>
  apiFetch<{ message: string }>('device-token', { method: 'POST', body: { device_token: deviceToken } });
