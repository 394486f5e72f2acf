/**
 * A monthly pass's dates (decision 037). Where a notice ends it: its periods turn on the same day of each month
 * on the listing's clock (`addZonedMonths`); the web app says it before the driver or host gives notice, the
 * server's answer (ends_at) is what counts. When a renewal is tried: the renewal job (apps/api monthly-renewals.ts)
 * and the gate pass (decision 044) read the same schedule, and the web says it.
 */
import { addZonedMonths } from './time';

const DAY_MS = 86_400_000;

/** A renewal is tried this many times in all: the first a day before the period begins, then the retries. */
export const RENEWAL_ATTEMPTS = 3;
/** When each attempt is made, in days after the first (a day before renews_at): within three days. */
export const RENEWAL_RETRY_DAYS = [0, 1, 3] as const;
/** The first attempt: this long before the next period begins. */
export const RENEWAL_LEAD_MS = DAY_MS;

/** When attempt `k` (from 1) of the renewal of the period that begins at `renewsAt` is made. */
export const renewalAttemptAt = (renewsAt: Date | string, k: number) =>
  new Date(new Date(renewsAt).getTime() - RENEWAL_LEAD_MS + (RENEWAL_RETRY_DAYS[k - 1] ?? 0) * DAY_MS);

/**
 * While a renewal is being tried again, the pass keeps working at the gate until its last try (decision 044):
 * a card that failed once does not turn the driver away before the pass has lapsed.
 */
export const lastRenewalTryAt = (renewsAt: Date | string) => renewalAttemptAt(renewsAt, RENEWAL_ATTEMPTS);

/** The first renewal date at least `noticeDays` after `now`, of a pass that started at `start`. */
export function noticeEndsAt(start: string | Date, timeZone: string, noticeDays: number, now: Date = new Date()): Date {
  const earliest = now.getTime() + noticeDays * DAY_MS;
  let k = 1;
  while (addZonedMonths(start, k, timeZone).getTime() < earliest) k += 1;
  return addZonedMonths(start, k, timeZone);
}
