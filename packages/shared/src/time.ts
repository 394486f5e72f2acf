/**
 * Parkly's one time module, for the web app and the API alike. A time
 * that people pick or read belongs to a place: a listing's `time_zone`, or the searched place's, or
 * DEFAULT_TIMEZONE. It is never the device's offset, so a driver in Dubai booking a space in Pune
 * picks and reads Pune's clock, and the API receives ISO 8601 with Pune's offset.
 *
 * Zones are read with the platform's Intl (its time-zone data is the browser's and Node's own), and
 * date-fns does plain arithmetic: the home page's search loads this file, and date-fns' formatter
 * and TZDate would add about 8 KB gzipped to the first load (DESIGN 7 budgets it at 150 KB).
 */
import { addMinutes, differenceInMinutes, isValid, parseISO } from 'date-fns';

/** The fallback zone when neither a listing nor a place gives one (the API's DEFAULT_TIMEZONE). */
export const FALLBACK_TIME_ZONE = 'Asia/Kolkata';

/** A calendar day as picked ('2026-12-24') and a wall-clock time ('18:30'). */
export type LocalDate = string;
export type LocalTime = string;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

export const isLocalDate = (s: string) => DATE_RE.test(s) && isValid(parseISO(s));
export const isLocalTime = (s: string) => TIME_RE.test(s);

/**
 * True for an IANA zone name this runtime knows ('Asia/Kolkata', 'UTC'). Offsets such as '+05:30'
 * are not zones (a zone knows its daylight-saving rules), even where Intl accepts them.
 */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone when it is one (a listing's, the configured default), else the fallback. */
export const zoneOr = (zone: string | null | undefined, fallback: string = FALLBACK_TIME_ZONE): string =>
  zone && isTimeZone(zone) ? zone : fallback;

/** One formatter per zone (making one is slow), reading an instant's wall clock in that zone. */
const clocks = new Map<string, Intl.DateTimeFormat>();
function clockOf(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** An instant's wall clock in a zone, written as if it were UTC (so two of them subtract to the offset). */
function wallClockOf(epochMs: number, timeZone: string): number {
  const part: Record<string, number> = {};
  for (const p of clockOf(timeZone).formatToParts(epochMs)) if (p.type !== 'literal') part[p.type] = Number(p.value);
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour! % 24, part.minute!, part.second!);
}

/** The zone's offset from UTC at an instant, in minutes (330 for India). */
const offsetMinutes = (epochMs: number, timeZone: string) => Math.round((wallClockOf(epochMs, timeZone) - epochMs) / 60_000);

/**
 * The instant a wall-clock time in a zone names. A time the clocks skip (the spring change) moves on
 * by the gap, as a clock would show it (01:30 in London on 29 March 2026 is 02:30 BST); a time that
 * happens twice (the autumn change) is the first of the two. These are Temporal's 'compatible' rules.
 */
function wallClockInstant(y: number, m: number, d: number, hh: number, mm: number, ss: number, timeZone: string): number {
  const wall = Date.UTC(y, m - 1, d, hh, mm, ss);
  const before = offsetMinutes(wall - 86_400_000, timeZone);
  const after = offsetMinutes(wall + 86_400_000, timeZone);
  const fits = [...new Set([before, after])]
    .map((offset) => wall - offset * 60_000)
    .filter((instant) => wall - offsetMinutes(instant, timeZone) * 60_000 === instant)
    .sort((a, b) => a - b);
  return fits[0] ?? wall - before * 60_000;
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** The ISO 8601 text, with the zone's offset, of a wall-clock time ('18:30' or '18:30:15') on a day in that zone. */
export function zonedIso(date: LocalDate, time: LocalTime, timeZone: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss = 0] = time.split(':').map(Number) as [number, number, number?];
  return toZonedIso(new Date(wallClockInstant(y, m, d, hh, mm, ss, timeZone)), timeZone);
}

/** An instant as ISO 8601 with the zone's offset ('2026-12-24T18:30:00+05:30'). */
export function toZonedIso(instant: string | Date, timeZone: string): string {
  const ms = Math.floor(new Date(instant).getTime() / 1000) * 1000;
  const wall = wallClockOf(ms, timeZone);
  const offset = Math.round((wall - ms) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  return `${new Date(wall).toISOString().slice(0, 19)}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** The day and wall-clock time of an instant in a zone. */
export function zonedParts(instant: string | Date, timeZone: string): { date: LocalDate; time: LocalTime } {
  const wall = new Date(wallClockOf(new Date(instant).getTime(), timeZone)).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
}

/** A datetime-local input's value ('2026-12-24T18:30') read as a wall-clock time in the zone -> ISO 8601 with the zone's offset. */
export function fromDateTimeLocal(value: string, timeZone: string): string {
  const [date = '', time = ''] = value.split('T');
  return zonedIso(date, time, timeZone);
}

/** An instant as a datetime-local input's value ('2026-12-24T18:30') on the zone's clock. */
export function toDateTimeLocal(instant: string | Date, timeZone: string): string {
  const { date, time } = zonedParts(instant, timeZone);
  return `${date}T${time}`;
}

/** Today in a zone. */
export const todayIn = (timeZone: string, now: Date = new Date()): LocalDate => zonedParts(now, timeZone).date;

/** The day `n` days after a picked day (calendar arithmetic: no zone, no daylight saving). */
export function addLocalDays(date: LocalDate, n: number): LocalDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The weekday of a picked day, ISO numbered: 1 is Monday, 7 is Sunday. */
export const isoWeekday = (date: LocalDate): number => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

/** The next whole `step` minutes after now, in a zone: a sensible default start for a booking. */
export function nextSlot(timeZone: string, stepMinutes = 30, now: Date = new Date()): { date: LocalDate; time: LocalTime } {
  const ms = stepMinutes * 60_000;
  return zonedParts(new Date(Math.ceil((now.getTime() + 60_000) / ms) * ms), timeZone);
}

/** Minutes between two instants (end minus start). */
export const minutesBetween = (start: string | Date, end: string | Date) => differenceInMinutes(new Date(end), new Date(start));

/** An instant `minutes` later. */
export const plusMinutes = (instant: string | Date, minutes: number) => addMinutes(new Date(instant), minutes);

const LOCALE = 'en-IN';

/** 'Wed, 24 Dec 2026, 6:30 pm' in the zone. */
export function formatDateTime(instant: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALE, { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(
    new Date(instant),
  );
}

/** '24 December 2026' in the zone. */
export function formatLongDate(instant: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALE, { timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(instant));
}

/** '14 Mar 2025, 9:30 am' in the zone. */
export function formatShortDateTime(instant: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALE, { timeZone, day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(instant));
}

/** '3 Nov 2024' in the zone. */
export function formatShortDate(instant: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALE, { timeZone, day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(instant));
}

/** 'November 2024' in the zone. */
export function formatMonthYear(instant: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALE, { timeZone, month: 'long', year: 'numeric' }).format(new Date(instant));
}

/** A picked day as '12 Mar', or 'Thu, 12 Mar' with its weekday (a calendar day: no zone applies). */
export function formatLocalDay(date: LocalDate, { weekday = false }: { weekday?: boolean } = {}): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', day: 'numeric', month: 'short', ...(weekday && { weekday: 'short' }) }).format(new Date(Date.UTC(y, m - 1, d, 12)));
}

/** '6:30 pm' in the zone. */
export function formatTime(instant: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALE, { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(instant));
}

/** 'Wed, 24 Dec 2026, 6:00 pm – 9:00 pm' (shorter when both ends fall on one day). */
export function formatPeriod(start: string | Date, end: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALE, { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }).formatRange(
    new Date(start),
    new Date(end),
  );
}

/** The zone's short name at an instant ('IST', 'GMT+4'), to say which clock a time is on. */
export function zoneAbbreviation(timeZone: string, at: Date = new Date()): string {
  const part = new Intl.DateTimeFormat('en-IN', { timeZone, timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** The zone's name as people know it ('India Standard Time', 'British Summer Time'); the IANA name when there is none. */
export function zoneLongName(timeZone: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat(LOCALE, { timeZone, timeZoneName: 'long' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** '2 h 30 min', '3 days', '1 month 2 days' for a stay of this many minutes. */
export function formatStayLength(minutes: number): string {
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 1440) {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m ? `${h} h ${m} min` : plural(h, 'hour');
  }
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  return hours ? `${plural(days, 'day')} ${hours} h` : plural(days, 'day');
}
