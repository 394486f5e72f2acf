/** Blocked periods are entered and shown in India time. India keeps no daylight saving, so the offset is fixed. */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';
const INDIA_OFFSET = '+05:30';

/** A datetime-local value ('2025-12-24T18:00') read as India time -> ISO with offset. */
export const indiaLocalToIso = (local: string) => `${local.length === 16 ? `${local}:00` : local}${INDIA_OFFSET}`;

/** Now as a datetime-local value in India time, for the inputs' min. */
export function indiaLocalNow(now = new Date()) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: INDIA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const periodFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: INDIA_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** 'Wed, 24 Dec 2025, 6:00 pm – Fri, 26 Dec 2025, 9:00 am' (shorter when both ends fall on one day). */
export const formatPeriod = (start: string, end: string) => periodFormat.formatRange(new Date(start), new Date(end));
