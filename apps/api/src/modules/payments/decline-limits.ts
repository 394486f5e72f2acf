/**
 * The hourly cap on one person's declined payments, across all their bookings and card saves (a card
 * tester's loop): counted in the database's shared counters as each decline is recorded, and checked before
 * the provider is asked again. Off with RATE_LIMITS=0, like every rate limit.
 */
import { BOOKING_LIMITS } from '@parkly/shared/bookings';
import type { Queryable } from '../../db/database';
import { tooManyRequests } from '../../lib/app-error';
import { waitText } from '../../lib/wait-text';
import { bumpCounter, peekCounter } from '../rate-limits/counters.service';

const LIMIT = BOOKING_LIMITS.declinesPerUser;
const keyOf = (userId: string) => `pay-declines:${userId}`;

/** 429 with Retry-After when the person has had LIMIT.max declines in the window; nothing otherwise. */
export async function checkDeclineCap(db: Queryable, userId: string, enabled: boolean) {
  if (!enabled) return;
  const { count, ttlMs } = await peekCounter(db, keyOf(userId));
  if (count >= LIMIT.max) {
    throw tooManyRequests(ttlMs, `Too many card payments were declined on your account in the last hour. Please try again in ${waitText(ttlMs)}, or contact your bank.`);
  }
}

/** Counts one declined payment of the person (in the caller's transaction, when it has one). */
export async function countDecline(db: Queryable, userId: string, enabled: boolean) {
  if (enabled) await bumpCounter(db, keyOf(userId), LIMIT.timeWindow);
}
