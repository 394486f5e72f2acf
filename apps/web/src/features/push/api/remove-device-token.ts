import { apiFetch } from '../../../lib/api-client';

/** DELETE device-token {device_token}: the subscription's endpoint (or its JSON); the same answer when the server had none. */
export const removeDeviceToken = (deviceToken: string) =>
  apiFetch<{ message: string }>('device-token', { method: 'DELETE', body: { device_token: deviceToken } });
