/**
 * The days a payout schedule pays on (docs/decisions/033-razorpayx-payouts.md): weekly is Mondays,
 * monthly the 1st, on the host's clock. Dates are 'YYYY-MM-DD' strings of that clock; the arithmetic
 * is on calendar days, so a daylight-saving change cannot move a day.
 */
import type { PayoutFrequency } from '@parkly/shared/earnings';

const DAY_MS = 86_400_000;
const toDay = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
const fromDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The date `now` falls on in `timeZone`. */
export function localDate(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The latest day on or before `today` the schedule pays on (null for manual). */
export function dueOn(frequency: PayoutFrequency, today: string): string | null {
  if (frequency === 'manual') return null;
  if (frequency === 'monthly') return `${today.slice(0, 7)}-01`;
  const ms = toDay(today);
  // getUTCDay: Sunday 0, Monday 1
  const sinceMonday = (new Date(ms).getUTCDay() + 6) % 7;
  return fromDay(ms - sinceMonday * DAY_MS);
}

/** The first day after `after` the schedule pays on (null for manual). */
export function nextRunOn(frequency: PayoutFrequency, after: string): string | null {
  if (frequency === 'manual') return null;
  if (frequency === 'monthly') {
    const y = Number(after.slice(0, 4));
    const m = Number(after.slice(5, 7));
    return fromDay(Date.UTC(m === 12 ? y + 1 : y, m === 12 ? 0 : m, 1));
  }
  return fromDay(toDay(dueOn('weekly', after)!) + 7 * DAY_MS);
}
