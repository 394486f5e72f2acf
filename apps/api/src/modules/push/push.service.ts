import { DEVICE_TOKEN_FALLBACK } from '@parkly/shared/constants';
import { pushSubscriptionSchema, type PushPayload, type PushSubscriptionJson } from '@parkly/shared/push';
import webpush from 'web-push';
import type { Queryable } from '../../db/database';
import { badRequest } from '../../lib/app-error';
import { deleteSubscription, findSubscriptions, findSubscriptionsOf, trimSubscriptions, upsertSubscription, type SubscriptionRow } from './push.repository';
import type { VapidDetails } from './vapid-keys';

/** A person rarely has more browsers than this; older subscriptions beyond it are dropped. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

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
}

export const webPushTransport: PushTransport = (subscription, payload, vapid) =>
  webpush.sendNotification(subscription, payload, { vapidDetails: vapid, TTL: 24 * 3600, timeout: 10_000 });

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

export async function saveDeviceToken(db: Queryable, userId: string, token: string) {
  const parsed = parseDeviceToken(token);
  // the browser could not subscribe: nothing to keep, and the client should not see an error for it
  if (parsed.kind === 'fallback') return { message: 'Push notifications are not available on this device' };
  const { endpoint, keys } = parsed.subscription;
  await upsertSubscription(db, userId, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
  await trimSubscriptions(db, userId, MAX_SUBSCRIPTIONS_PER_USER);
  return { message: 'Device token saved' };
}

export interface PushResult {
  sent: number;
  removed: number;
  failed: number;
}

/** 404 and 410 mean the browser unsubscribed or the subscription expired: it will never work again. */
const isGone = (err: unknown) => {
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  return status === 404 || status === 410;
};

/**
 * Sends a push to every device of the user. Best effort: it never throws, logs what failed and
 * removes subscriptions the push service says are gone. Without a sender (CLI, seeding) it does nothing.
 */
export async function sendPush(db: Queryable, userId: string, message: PushPayload, sender: PushSender | null = registered): Promise<PushResult> {
  const result: PushResult = { sent: 0, removed: 0, failed: 0 };
  if (!sender) return result;
  try {
    await deliver(db, await findSubscriptions(db, userId), message, sender, result);
  } catch (err) {
    sender.log.warn({ err, userId }, 'push could not be sent');
  }
  return result;
}

/** sendPush for the pushes of one change (the guest's and the host's): their subscriptions in one query. */
export async function sendPushes(db: Queryable, pushes: { userId: string; payload: PushPayload }[], sender: PushSender | null = registered): Promise<PushResult> {
  const result: PushResult = { sent: 0, removed: 0, failed: 0 };
  if (!sender || pushes.length === 0) return result;
  try {
    const all = await findSubscriptionsOf(db, [...new Set(pushes.map((p) => p.userId))]);
    for (const p of pushes) await deliver(db, all.filter((s) => s.user_id === p.userId), p.payload, sender, result);
  } catch (err) {
    sender.log.warn({ err }, 'push could not be sent');
  }
  return result;
}

async function deliver(db: Queryable, subscriptions: SubscriptionRow[], message: PushPayload, sender: PushSender, result: PushResult) {
  if (subscriptions.length === 0) return;
  const vapid = await sender.vapid();
  const payload = JSON.stringify({ title: message.title, body: message.body, ...(message.url && { url: message.url }) });
  const outcomes = await Promise.allSettled(
    subscriptions.map((s) => sender.transport({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, vapid)),
  );
  for (const [i, outcome] of outcomes.entries()) {
    const endpoint = subscriptions[i]!.endpoint;
    if (outcome.status === 'fulfilled') {
      result.sent += 1;
    } else if (isGone(outcome.reason)) {
      await deleteSubscription(db, endpoint);
      result.removed += 1;
    } else {
      result.failed += 1;
      sender.log.warn({ err: outcome.reason, host: hostOf(endpoint) }, 'push not delivered');
    }
  }
}

function hostOf(endpoint: string) {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'unknown';
  }
}
