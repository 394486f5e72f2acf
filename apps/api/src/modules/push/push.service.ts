import { DEVICE_TOKEN_FALLBACK } from '@parkly/shared/constants';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  PUSH_KINDS,
  pushSubscriptionSchema,
  type PushKind,
  type PushPayload,
  type PushPreferences,
  type PushSubscriptionJson,
  type UpdatePushPreferencesInput,
} from '@parkly/shared/push';
import webpush from 'web-push';
import type { Queryable } from '../../db/database';
import { badRequest } from '../../lib/app-error';
import { PushEndpointRefused, hostAllowed, type PushAgent } from './push-agent';
import {
  deleteSubscription,
  deleteSubscriptionsOfSessions,
  deleteSubscriptionsOfUser,
  deleteUserSubscription,
  findPreferences,
  findSubscriptionsOf,
  trimSubscriptions,
  upsertPreferences,
  upsertSubscription,
  type SubscriptionRow,
} from './push.repository';
import type { VapidDetails } from './vapid-keys';

/** A person rarely has more browsers than this; older subscriptions beyond it are dropped. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;
/**
 * The JSON handed to the push service stays under 3 KB: services take about 4 KB of encrypted
 * record, and a notification shows only a few lines anyway. Longer bodies are cut.
 */
export const PUSH_PAYLOAD_MAX_BYTES = 3000;
const TITLE_MAX_CHARS = 100;
/** How long a push service may keep us waiting (no answer on the socket) before the attempt counts as failed. */
export const PUSH_TIMEOUT_MS = 5_000;
/** The waits before the second and third attempts when a push service answers 5xx or 429 or does not answer. */
export const PUSH_RETRY_DELAYS_MS: readonly number[] = [1_000, 4_000];
/** A Retry-After longer than this is not honoured: the push is given up instead of holding work for long. */
export const MAX_RETRY_AFTER_MS = 30_000;
/** How many pushes of one change (or one job's batch) are on their way at once. */
const PARALLEL_PUSHES = 10;
/** How long the push service keeps a message for a device that is offline. */
const PUSH_TTL_SECONDS = 24 * 3600;

/** Deliveries that failed (not counting gone subscriptions) since this process started, for the admin console. */
let failures = 0;
export const pushFailureCount = () => failures;
/** Pushes handed to sendPushes and not finished yet (waiting their turn or being delivered), for /metrics. */
let pending = 0;
export const pushesPending = () => pending;

/** Hands one encrypted message to a push service; rejects with `statusCode` when the service refuses it. */
export type PushTransport = (
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  payload: string,
  vapid: VapidDetails,
) => Promise<unknown>;

export interface PushLog {
  warn(obj: object, msg: string): void;
}

export interface PushSender {
  vapid(): Promise<VapidDetails>;
  transport: PushTransport;
  log: PushLog;
  /** the waits between attempts (default PUSH_RETRY_DELAYS_MS): one retry per entry */
  retryDelaysMs?: readonly number[];
}

/**
 * The transport through `web-push` (VAPID header, aes128gcm encryption, one HTTPS request), always
 * through a PushAgent: it decides which hosts and addresses a push may reach (push-agent.ts).
 */
export function createWebPushTransport(opts: { agent: PushAgent; timeoutMs?: number }): PushTransport {
  return (subscription, payload, vapid) =>
    webpush.sendNotification(subscription, payload, {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
      timeout: opts.timeoutMs ?? PUSH_TIMEOUT_MS,
      agent: opts.agent,
    });
}

/**
 * The sender the running app set up (keys, transport, log). Kept here rather than passed around so
 * any feature can notify a user with just the database, as it does for mail.
 */
let registered: PushSender | null = null;

export function setPushSender(sender: PushSender | null) {
  registered = sender;
}
export const getPushSender = () => registered;

/** The outcome of a parsed device_token: a subscription to keep, or the spec's fallback. */
export type DeviceToken = { kind: 'fallback' } | { kind: 'subscription'; subscription: PushSubscriptionJson };

export function parseDeviceToken(token: string): DeviceToken {
  if (token === DEVICE_TOKEN_FALLBACK) return { kind: 'fallback' };
  let json: unknown;
  try {
    json = JSON.parse(token);
  } catch {
    throw invalidToken('device_token must be the JSON of a browser push subscription');
  }
  const parsed = pushSubscriptionSchema.safeParse(json);
  if (!parsed.success) throw invalidToken(`device_token: ${parsed.error.issues[0]?.message ?? 'not a push subscription'}`);
  return { kind: 'subscription', subscription: parsed.data };
}

const invalidToken = (message: string) => badRequest(message, { device_token: message });

/** Where a push may go, as configured: PUSH_ALLOWED_HOSTS (empty: any public host). */
export interface PushPolicy {
  allowedHosts: readonly string[];
}

/**
 * Keeps the browser's subscription for the user, bound to the session that sent it: logging out (or
 * any end of that session) removes it again (removeSessionDevices).
 */
export async function saveDeviceToken(db: Queryable, user: { id: string; sessionId: string }, token: string, policy: PushPolicy) {
  const parsed = parseDeviceToken(token);
  // the browser could not subscribe: nothing to keep, and the client should not see an error for it
  if (parsed.kind === 'fallback') return { message: 'Push notifications are not available on this device' };
  const { endpoint, keys } = parsed.subscription;
  if (!hostAllowed(new URL(endpoint).hostname, policy.allowedHosts)) throw invalidToken('device_token: endpoint is not a push service this server sends to');
  await upsertSubscription(db, user.id, user.sessionId, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
  await trimSubscriptions(db, user.id, MAX_SUBSCRIPTIONS_PER_USER);
  return { message: 'Device token saved' };
}

export const DEVICE_TOKEN_REMOVED = 'Device token removed';

/**
 * DELETE device-token: forgets one of the user's own subscriptions, given as it was posted (the
 * subscription's JSON) or by its endpoint. The same answer whether or not it was there, so a retry
 * (or a logout on a device that never subscribed) is not an error.
 */
export async function removeDeviceToken(db: Queryable, userId: string, token: string) {
  if (token !== DEVICE_TOKEN_FALLBACK) await deleteUserSubscription(db, userId, endpointOf(token));
  return { message: DEVICE_TOKEN_REMOVED };
}

/** The endpoint of a device_token; not validated beyond that, so a subscription saved under older rules can still go. */
function endpointOf(token: string): string {
  if (token.startsWith('{')) {
    try {
      const endpoint = (JSON.parse(token) as { endpoint?: unknown } | null)?.endpoint;
      if (typeof endpoint === 'string' && endpoint.length > 0) return endpoint;
    } catch {
      // falls through to the refusal
    }
  } else if (/^https:\/\//i.test(token)) {
    return token;
  }
  throw invalidToken('device_token must be the JSON of a browser push subscription or its endpoint');
}

/** Sessions ended (logout, a password change or reset): the pushes of the devices they saved stop, in the caller's transaction. */
export async function removeSessionDevices(tx: Queryable, sessionIds: string[]) {
  if (sessionIds.length > 0) await deleteSubscriptionsOfSessions(tx, sessionIds);
}

/** Every device of the user stops getting pushes, including those saved before subscriptions named a session. */
export async function removeUserDevices(tx: Queryable, userId: string) {
  await deleteSubscriptionsOfUser(tx, userId);
}

export interface PushResult {
  sent: number;
  removed: number;
  failed: number;
  /** devices not sent to because the user turned this kind of push off */
  muted: number;
}

const emptyResult = (): PushResult => ({ sent: 0, removed: 0, failed: 0, muted: 0 });

/**
 * Sends a push to every device of the user. Best effort: it never throws, logs what failed and
 * removes subscriptions the push service says are gone, or whose endpoint this server refuses to reach
 * (push-agent.ts). Without a sender (CLI, seeding) it does nothing.
 */
export async function sendPush(db: Queryable, userId: string, message: PushPayload, sender: PushSender | null = registered): Promise<PushResult> {
  return sendPushes(db, [{ userId, payload: message }], sender);
}

/**
 * sendPush for several pushes, awaited and outside the outbox (the app's pushes go through the outbox:
 * notify() and push-outbox.ts): their subscriptions and preferences in one query. A kind the user
 * turned off is skipped.
 */
export async function sendPushes(db: Queryable, pushes: { userId: string; payload: PushPayload }[], sender: PushSender | null = registered): Promise<PushResult> {
  const result = emptyResult();
  if (!sender || pushes.length === 0) return result;
  pending += pushes.length;
  try {
    const looked = await findSubscriptionsOf(db, [...new Set(pushes.map((p) => p.userId))]);
    // a few at a time: one slow push service must not hold back everyone else's pushes, and a batch
    // of reminders must not open thousands of connections at once
    for (let i = 0; i < pushes.length; i += PARALLEL_PUSHES) {
      await Promise.all(
        pushes.slice(i, i + PARALLEL_PUSHES).map((p) => {
          const mine = looked.filter((s) => s.user_id === p.userId);
          const wanted = mine.filter((s) => !p.payload.kind || !s.muted.includes(p.payload.kind));
          result.muted += mine.length - wanted.length;
          return deliver(db, wanted, p.payload, sender, result);
        }),
      );
    }
  } catch (err) {
    sender.log.warn({ err }, 'push could not be sent');
  } finally {
    pending -= pushes.length;
  }
  return result;
}

/** The JSON a device receives: {title, body, url?, kind?}, cut to fit PUSH_PAYLOAD_MAX_BYTES. */
export function encodePayload(message: PushPayload): string {
  const title = cut(message.title, TITLE_MAX_CHARS);
  const url = message.url && isSitePath(message.url) ? message.url : undefined;
  const encode = (body: string) => JSON.stringify({ title, body, ...(url && { url }), ...(message.kind && { kind: message.kind }) });
  const full = encode(message.body);
  if (Buffer.byteLength(full) <= PUSH_PAYLOAD_MAX_BYTES) return full;
  // the longest start of the body that fits (counted in code points, so no character is split)
  const chars = [...message.body];
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (Buffer.byteLength(encode(`${chars.slice(0, mid).join('')}…`)) <= PUSH_PAYLOAD_MAX_BYTES) lo = mid;
    else hi = mid - 1;
  }
  return encode(`${chars.slice(0, lo).join('').trimEnd()}…`);
}

const cut = (text: string, max: number) => {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('').trimEnd()}…` : text;
};

/** Only a path of this site: the service worker opens it, and a push must never send anyone elsewhere. */
const isSitePath = (url: string) => url.length <= 500 && /^\/(?![/\\])/.test(url);

/** gone: the push service says the subscription ended; refused: this server will not send to its endpoint (push-agent.ts) */
export type Outcome = 'sent' | 'gone' | 'refused' | 'failed';

async function deliver(db: Queryable, subscriptions: SubscriptionRow[], message: PushPayload, sender: PushSender, result: PushResult) {
  if (subscriptions.length === 0) return;
  const vapid = await sender.vapid();
  const payload = encodePayload(message);
  const outcomes = await Promise.all(subscriptions.map((s) => sendWithRetries(s, payload, vapid, sender)));
  for (const [i, outcome] of outcomes.entries()) {
    if (outcome === 'sent') {
      result.sent += 1;
    } else if (outcome === 'gone' || outcome === 'refused') {
      await deleteSubscription(db, subscriptions[i]!.endpoint);
      result.removed += 1;
    } else {
      result.failed += 1;
      failures += 1;
    }
  }
}

const statusOf = (err: unknown) => {
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
};

/** 404 and 410 mean the browser unsubscribed or the subscription expired: it will never work again. */
const isGone = (err: unknown) => statusOf(err) === 404 || statusOf(err) === 410;

/**
 * Worth another try: the service is overloaded or failing (429, 5xx), or did not answer at all (a
 * timeout, a reset connection). Any other refusal (400, 403, 413) would only be refused again.
 */
function isTransient(err: unknown) {
  const status = statusOf(err);
  if (status !== undefined) return status === 429 || status >= 500;
  const e = err as { code?: unknown; message?: unknown } | null;
  return typeof e?.code === 'string' || /timeout/i.test(String(e?.message ?? ''));
}

/** The service's Retry-After in ms (seconds form only), when it gave one we are willing to wait for. */
function retryAfterMs(err: unknown): number | undefined {
  const value = (err as { headers?: Record<string, unknown> } | null)?.headers?.['retry-after'];
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

/** What one attempt at one device came to: done with (sent, gone, refused, failed for good), or worth another try after a wait. */
export type Attempt = { outcome: Outcome; err?: unknown } | { outcome: 'transient'; retryAfterMs?: number; err: unknown };

/** One attempt at one device (the outbox's unit of work, and each turn of sendWithRetries). */
export async function attemptPush(s: SubscriptionRow, payload: string, vapid: VapidDetails, sender: PushSender): Promise<Attempt> {
  try {
    await sender.transport({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, vapid);
    return { outcome: 'sent' };
  } catch (err) {
    if (isGone(err)) return { outcome: 'gone' };
    if (err instanceof PushEndpointRefused) {
      sender.log.warn({ host: hostOf(s.endpoint), reason: err.message }, 'push endpoint refused: subscription removed');
      return { outcome: 'refused' };
    }
    const asked = retryAfterMs(err);
    if (!isTransient(err) || (asked !== undefined && asked > MAX_RETRY_AFTER_MS)) {
      logGiveUp(sender, s, err, undefined);
      return { outcome: 'failed', err };
    }
    return { outcome: 'transient', retryAfterMs: asked, err };
  }
}

/** The last word on a push that will not be delivered: logged, and counted for the admin console and /metrics. */
export function logGiveUp(sender: PushSender, s: Pick<SubscriptionRow, 'endpoint'>, err: unknown, attempts: number | undefined) {
  sender.log.warn({ err, status: statusOf(err), ...(attempts !== undefined && { attempts }), host: hostOf(s.endpoint) }, 'push not delivered');
}

/** Counts a push given up (for the admin console and /metrics) and one in flight, for callers that deliver outside sendPushes (the outbox). */
export const pushCounters = {
  failed: () => void (failures += 1),
  inFlight: (delta: number) => void (pending += delta),
};

/** One device: the first attempt, then one retry per delay while the failure is transient. */
async function sendWithRetries(s: SubscriptionRow, payload: string, vapid: VapidDetails, sender: PushSender): Promise<Outcome> {
  const delays = sender.retryDelaysMs ?? PUSH_RETRY_DELAYS_MS;
  for (let attempt = 0; ; attempt++) {
    const result = await attemptPush(s, payload, vapid, sender);
    if (result.outcome !== 'transient') return result.outcome;
    const wait = delays[attempt];
    if (wait === undefined) {
      logGiveUp(sender, s, result.err, attempt + 1);
      return 'failed';
    }
    await sleep(Math.max(wait, result.retryAfterMs ?? 0));
  }
}

function hostOf(endpoint: string) {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'unknown';
  }
}

/** Every kind, on unless the user turned it off. */
export async function pushPreferences(db: Queryable, userId: string): Promise<PushPreferences> {
  const prefs = Object.fromEntries(PUSH_KINDS.map((k) => [k, true])) as PushPreferences;
  for (const row of await findPreferences(db, userId)) prefs[row.kind] = row.enabled;
  return prefs;
}

/** Turns the given kinds on or off and answers all of them. */
export async function updatePushPreferences(db: Queryable, userId: string, input: UpdatePushPreferencesInput): Promise<PushPreferences> {
  const changes = PUSH_KINDS.filter((k) => input[k] !== undefined).map((kind: PushKind) => ({ kind, enabled: input[kind]! }));
  if (changes.length) await upsertPreferences(db, userId, changes);
  return pushPreferences(db, userId);
}
