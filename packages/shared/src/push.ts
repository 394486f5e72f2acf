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

/** Only characters a URL may hold, straight after https:// (no spaces, quotes, backslashes or non-ASCII). */
const URL_CHARACTERS = /^https:\/\/[A-Za-z0-9\-._~%!$&'()*+,;=:@/?#[\]]+$/;
/** Names that only mean something on a local network or are reserved (RFC 2606, 6761, 6762, 8375) and common private suffixes. */
const LOCAL_NAME = /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home|home\.arpa|corp|private|test|invalid|example)$/i;
/** The WHATWG URL parser, a global in browsers and Node alike (this package is typed without either's library). */
declare const URL: new (input: string) => ParsedUrl;
interface ParsedUrl {
  hostname: string;
  username: string;
  password: string;
}
/** WHATWG's URL parser writes every IPv4 form (hex, octal, a single number, 127.1) as four decimal parts. */
const IPV4 = /^\d+\.\d+\.\d+\.\d+$/;

/**
 * Why an endpoint is not one the server will post to, or null when it is. The host is read with the
 * WHATWG URL parser, as browsers do, so no spelling of an IP address (0x7f.0.0.1, 2130706433, 127.1,
 * [::ffff:127.0.0.1]) gets past as a name. The server checks again the address it actually connects
 * to (apps/api/src/modules/push/push-agent.ts), since a name can resolve to anything.
 */
export function pushEndpointProblem(value: string): string | null {
  if (!URL_CHARACTERS.test(value)) return 'endpoint must be an https address';
  let url: ParsedUrl;
  try {
    url = new URL(value);
  } catch {
    return 'endpoint must be an https address';
  }
  if (url.username || url.password) return 'endpoint must not carry a user name or password';
  const host = url.hostname.replace(/\.$/, '');
  if (host.startsWith('[') || IPV4.test(host)) return 'endpoint must name a push service, not an IP address';
  if (!host.includes('.') || LOCAL_NAME.test(host)) return 'endpoint must be a public https address';
  return null;
}

/**
 * A browser PushSubscription as JSON.stringify gives it. The endpoint is where the server will post,
 * so only public https hosts are taken: no credentials, no IP literals, no local names.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: 'endpoint is missing' })
    .max(2000, 'endpoint is too long')
    .superRefine((value, ctx) => {
      const problem = pushEndpointProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
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
