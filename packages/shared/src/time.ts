/**
 * Parkly's one time module, for the web app and the API alike. A time
 * that people pick or read belongs to a place: a listing's `time_zone`, or the searched place's, or
 * DEFAULT_TIMEZONE. It is never the device's offset, so a driver in Dubai booking a space in Pune
 * picks and reads Pune's clock, and the API receives ISO 8601 with Pune's offset.
 *
 * Everything here is the runtime's own Date and Intl: a zone's offset at an instant comes from one cached
 * `Intl.DateTimeFormat` per zone (`longOffset`, as @date-fns/tz reads it), and a wall-clock time becomes
 * an instant by trying the offsets either side of it (Temporal's 'compatible' rule, below). No date
 * library: the home page, the results page, a listing and the blog load this file on their first visit,
 * and date-fns with @date-fns/tz was 2.8 KB of each (decision 041). time.test.ts holds the rules, and
 * time-zones.test.ts holds this file to @date-fns/tz's answers across zones, years and clock changes.
 */
/** The fallback zone when neither a listing nor a place gives one (the API's DEFAULT_TIMEZONE). */
export const FALLBACK_TIME_ZONE = 'Asia/Kolkata';

/** A calendar day as picked ('2026-12-24') and a wall-clock time ('18:30'). */
export type LocalDate = string;
export type LocalTime = string;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

const isLeapYear = (y: number) => y % 400 === 0 || (y % 4 === 0 && y % 100 !== 0);
const daysInMonth = (y: number, m: number) => (m === 2 ? (isLeapYear(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);

/** A picked day ('2026-02-28') that is on the calendar: 30 February and month 13 are not. */
export function isLocalDate(s: string): boolean {
  if (!DATE_RE.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}
export const isLocalTime = (s: string) => TIME_RE.test(s);

const INSTANT_RE = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-](0\d|1[0-4]):[0-5]\d)$/;

/**
 * An ISO 8601 instant with its offset ('2026-12-24T18:30:00+05:30' or '…Z') naming a real day: JavaScript
 * reads 30 February as 2 March, PostgreSQL refuses it, so such a text is not an instant here.
 */
export function isIsoInstant(s: string): boolean {
  const m = INSTANT_RE.exec(s);
  if (!m || Number.isNaN(Date.parse(s))) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return mo >= 1 && mo <= 12 && d >= 1 && new Date(Date.UTC(y, mo - 1, d)).getUTCDate() === d;
}

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

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's offset from UTC at an instant, in minutes (330 for India): what the zone's clock reads minus
 * UTC. Intl writes it as 'GMT+05:30' ('GMT' alone for no offset); NaN for an invalid instant.
 */
function offsetAt(timeZone: string, ms: number): number {
  if (!Number.isFinite(ms)) return NaN;
  let f = offsetFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, f);
  }
  const m = /GMT([+-])(\d\d):(\d\d)(?::(\d\d))?/.exec(f.format(ms));
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]) + Number(m[4] ?? 0) / 60);
}

/** An instant read on a zone's clock: the wall-clock fields are the UTC fields of `wall`. */
function onZoneClock(ms: number, timeZone: string): { wall: Date; offset: number } {
  const offset = offsetAt(timeZone, ms);
  return { wall: new Date(ms + offset * 60_000), offset };
}

const dayOf = (wall: Date): LocalDate => `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;

/**
 * The ISO 8601 text, with the zone's offset, of a wall-clock time ('18:30' or '18:30:15') on a day in that
 * zone. A time the clocks skip (the spring change) moves on by the gap; a time that happens twice (the
 * autumn change) is the first of the two, in every zone (Temporal's 'compatible' rule).
 */
export function zonedIso(date: LocalDate, time: LocalTime, timeZone: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss = 0] = time.split(':').map(Number) as [number, number, number?];
  const wall = new Date(0);
  wall.setUTCFullYear(y, m - 1, d);
  wall.setUTCHours(hh, mm, ss, 0);
  const local = wall.getTime();
  // the zone's offset a day before and a day after: the same unless the clocks change in between
  const before = offsetAt(timeZone, local - 86_400_000);
  const after = offsetAt(timeZone, local + 86_400_000);
  const fits = [before, after].map((o) => local - o * 60_000).filter((t) => offsetAt(timeZone, t) * 60_000 === local - t);
  // none fits: the clocks skipped this time, and the earlier offset names the moment after the gap
  return isoOf(fits.length ? Math.min(...fits) : local - before * 60_000, timeZone);
}

/** '2026-12-24T18:30:00+05:30': an instant's wall clock in the zone and the zone's offset, to the second. */
function isoOf(ms: number, timeZone: string): string {
  const { wall, offset } = onZoneClock(ms, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const whole = Math.trunc(Math.abs(offset));
  return `${dayOf(wall)}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}${sign}${pad(Math.trunc(whole / 60))}:${pad(whole % 60)}`;
}

/** An instant as ISO 8601 with the zone's offset ('2026-12-24T18:30:00+05:30'). */
export function toZonedIso(instant: string | Date, timeZone: string): string {
  return isoOf(Math.floor(new Date(instant).getTime() / 1000) * 1000, timeZone);
}

/** The day and wall-clock time of an instant in a zone. */
export function zonedParts(instant: string | Date, timeZone: string): { date: LocalDate; time: LocalTime } {
  const { wall } = onZoneClock(new Date(instant).getTime(), timeZone);
  return { date: dayOf(wall), time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}` };
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
export function minutesBetween(start: string | Date, end: string | Date): number {
  const minutes = Math.trunc((new Date(end).getTime() - new Date(start).getTime()) / 60_000);
  return minutes === 0 ? 0 : minutes; // never -0
}

/** An instant `minutes` later. */
export const plusMinutes = (instant: string | Date, minutes: number) => new Date(new Date(instant).getTime() + minutes * 60_000);

const LOCALE = 'en-IN';

/** Making an Intl.DateTimeFormat is slow (bench/bookings saw it at 6% of the API's CPU): one per zone and style. */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(timeZone: string, style: Intl.DateTimeFormatOptions, locale = LOCALE): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(style)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...style, timeZone });
    formats.set(key, f);
  }
  return f;
}

/** 'Wed, 24 Dec 2026, 6:30 pm' in the zone. */
export function formatDateTime(instant: string | Date, timeZone: string): string {
  return formatOf(timeZone, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(
    new Date(instant),
  );
}

/** '24 December 2026' in the zone. */
export function formatLongDate(instant: string | Date, timeZone: string): string {
  return formatOf(timeZone, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(instant));
}

/** '14 Mar 2025, 9:30 am' in the zone. */
export function formatShortDateTime(instant: string | Date, timeZone: string): string {
  return formatOf(timeZone, { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(instant));
}

/** '3 Nov 2024' in the zone. */
export function formatShortDate(instant: string | Date, timeZone: string): string {
  return formatOf(timeZone, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(instant));
}

/** 'November 2024' in the zone. */
export function formatMonthYear(instant: string | Date, timeZone: string): string {
  return formatOf(timeZone, { month: 'long', year: 'numeric' }).format(new Date(instant));
}

/** A picked day as '12 Mar', or 'Thu, 12 Mar' with its weekday (a calendar day: no zone applies). */
export function formatLocalDay(date: LocalDate, { weekday = false }: { weekday?: boolean } = {}): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', day: 'numeric', month: 'short', ...(weekday && { weekday: 'short' }) }).format(new Date(Date.UTC(y, m - 1, d, 12)));
}

/** '6:30 pm' in the zone. */
export function formatTime(instant: string | Date, timeZone: string): string {
  return formatOf(timeZone, { hour: 'numeric', minute: '2-digit' }).format(new Date(instant));
}

/** 'Wed, 24 Dec 2026, 6:00 pm – 9:00 pm' (shorter when both ends fall on one day). */
export function formatPeriod(start: string | Date, end: string | Date, timeZone: string): string {
  return formatOf(timeZone, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }).formatRange(
    new Date(start),
    new Date(end),
  );
}

/** The zone's short name at an instant ('IST', 'GMT+4'), to say which clock a time is on. */
export function zoneAbbreviation(timeZone: string, at: Date = new Date()): string {
  const part = formatOf(timeZone, { timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** The zone's name as people know it ('India Standard Time', 'British Summer Time'); the IANA name when there is none. */
export function zoneLongName(timeZone: string, at: Date = new Date()): string {
  try {
    const part = formatOf(timeZone, { timeZoneName: 'long' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
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
