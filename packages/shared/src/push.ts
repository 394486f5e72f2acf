import { z } from 'zod';

export const deviceTokenSchema = z.object({
  device_token: z.string({ error: 'device_token is required' }).trim().min(1, 'device_token is required').max(4000, 'device_token is too long'),
});
export type DeviceTokenInput = z.input<typeof deviceTokenSchema>;

const base64url = (bytes: number, what: string) =>
  z
    .string({ error: `${what} is missing` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} is not base64url`)
    .refine((s) => Math.floor((s.replace(/=+$/, '').length * 3) / 4) === bytes, `${what} has the wrong length`);

/** https, a plain host name (no credentials, no IP literal), an optional port, then only URL characters. */
const ENDPOINT = /^https:\/\/([A-Za-z0-9.-]+)(?::\d{1,5})?(?:[/?#][A-Za-z0-9\-._~%!$&'()*+,;=:@/?#[\]]*)?$/;
const LOCAL_HOST = /(^|\.)(localhost|local|internal|localdomain|home|lan)$/i;

function isPublicHttpsUrl(value: string): boolean {
  const host = ENDPOINT.exec(value)?.[1];
  return !!host && host.includes('.') && !/^[\d.]+$/.test(host) && !LOCAL_HOST.test(host.replace(/\.$/, ''));
}

/**
 * A browser PushSubscription as JSON.stringify gives it. The endpoint is where the server will post,
 * so only public https hosts are taken: no credentials, no IP literals, no local names.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string({ error: 'endpoint is missing' }).max(2000, 'endpoint is too long').refine(isPublicHttpsUrl, 'endpoint must be a public https address'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // an uncompressed P-256 public key and a 16-byte secret (RFC 8291)
      p256dh: base64url(65, 'keys.p256dh'),
      auth: base64url(16, 'keys.auth'),
    },
    { error: 'keys are missing' },
  ),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

export const pushPublicKeyAnswerSchema = z.object({ result: z.object({ public_key: z.string() }) });
export const deviceTokenAnswerSchema = z.object({ message: z.string() });

/**
 * The kinds of push a person can turn on and off on /profile, each a thing people recognise: chat
 * messages, the turns of their bookings (as driver or host), reviews and replies, payouts.
 */
export const PUSH_KINDS = ['messages', 'bookings', 'reviews', 'payouts'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** Which kinds of push reach the user's devices; every kind is on until the user turns it off. */
export const pushPreferencesSchema = z.object({
  messages: z.boolean(),
  bookings: z.boolean(),
  reviews: z.boolean(),
  payouts: z.boolean(),
}) satisfies z.ZodType<Record<PushKind, boolean>>;
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

const onOff = (kind: PushKind) => z.boolean({ error: `${kind} must be true or false` });

/** PATCH push/preferences: any of the kinds, each true (on) or false (off); nothing else. */
export const updatePushPreferencesSchema = z
  .strictObject(
    { messages: onOff('messages').optional(), bookings: onOff('bookings').optional(), reviews: onOff('reviews').optional(), payouts: onOff('payouts').optional() },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown kind: ${issue.keys.join(', ')}. The kinds are ${PUSH_KINDS.join(', ')}` : 'Send the kinds to change') },
  )
  .refine((v) => Object.keys(v).length > 0, `Send at least one of ${PUSH_KINDS.join(', ')}`);
export type UpdatePushPreferencesInput = z.infer<typeof updatePushPreferencesSchema>;

export const pushPreferencesAnswerSchema = z.object({ result: pushPreferencesSchema });

/**
 * What a push message carries; the service worker shows title and body ('New Message!' in the
 * foreground) and opens `url` (a path of this site) when the notification is clicked. `kind` decides
 * whether the user wants it; a push without one (a direct notifyUser) is not subject to preferences.
 */
export interface PushPayload {
  title: string;
  body: string;
  url?: string;
  kind?: PushKind;
}
