/**
 * Parkly's one time module, for the web app and the API alike. A time
 * that people pick or read belongs to a place: a listing's `time_zone`, or the searched place's, or
 * DEFAULT_TIMEZONE. It is never the device's offset, so a driver in Dubai booking a space in Pune
 * picks and reads Pune's clock, and the API receives ISO 8601 with Pune's offset.
 *
 * Zones are converted by @date-fns/tz (TZDateMini: an instant read on a zone's clock, and a zone's
 * wall-clock time turned into an instant), date-fns does plain arithmetic, and the text people read
 * comes from Intl (one cached formatter per zone and style). date-fns' own formatter stays out: the
 * home page's search loads this file, and DESIGN 7 budgets its first load at 150 KB.
 */
import { TZDateMini } from '@date-fns/tz';
import { addMinutes, addMonths, differenceInMinutes, isValid, parseISO } from 'date-fns';

/** The fallback zone when neither a listing nor a place gives one (the API's DEFAULT_TIMEZONE). */
export const FALLBACK_TIME_ZONE = 'Asia/Kolkata';

/** A calendar day as picked ('2026-12-24') and a wall-clock time ('18:30'). */
export type LocalDate = string;
export type LocalTime = string;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

export const isLocalDate = (s: string) => DATE_RE.test(s) && isValid(parseISO(s));
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

/**
 * The ISO 8601 text, with the zone's offset, of a wall-clock time ('18:30' or '18:30:15') on a day in that
 * zone. A time the clocks skip (the spring change) moves on by the gap; a time that happens twice (the
 * autumn change) is the first of the two, in every zone (Temporal's 'compatible' rule; TZDate alone takes
 * the first in some zones and the second in others).
 */
export function zonedIso(date: LocalDate, time: LocalTime, timeZone: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss = 0] = time.split(':').map(Number) as [number, number, number?];
  let t = new TZDateMini(y, m - 1, d, hh, mm, ss, timeZone);
  for (const shift of [60, 30]) {
    const earlier = new TZDateMini(t.getTime() - shift * 60_000, timeZone);
    if (earlier.getDate() === d && earlier.getHours() === hh && earlier.getMinutes() === mm) t = earlier;
  }
  return isoOf(t);
}

/** '2026-12-24T18:30:00+05:30': the zoned date's wall clock and offset, to the second. */
function isoOf(t: InstanceType<typeof TZDateMini>): string {
  const offset = -t.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const day = `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`;
  return `${day}T${pad(t.getHours())}:${pad(t.getMinutes())}:${pad(t.getSeconds())}${sign}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** An instant as ISO 8601 with the zone's offset ('2026-12-24T18:30:00+05:30'). */
export function toZonedIso(instant: string | Date, timeZone: string): string {
  return isoOf(new TZDateMini(Math.floor(new Date(instant).getTime() / 1000) * 1000, timeZone));
}

/** The day and wall-clock time of an instant in a zone. */
export function zonedParts(instant: string | Date, timeZone: string): { date: LocalDate; time: LocalTime } {
  const t = new TZDateMini(new Date(instant).getTime(), timeZone);
  return { date: `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`, time: `${pad(t.getHours())}:${pad(t.getMinutes())}` };
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

/**
 * `instant` plus `months` whole months on the zone's clock: the same day of the month and time of day, or the
 * last day of a shorter month (31 Jan + 1 = 28/29 Feb, 31 Jan + 2 = 31 Mar: always counted from `instant`, so a
 * monthly pass's renewal day never drifts). date-fns' addMonths on the zone's TZDate does the calendar.
 */
export function addZonedMonths(instant: string | Date, months: number, timeZone: string): Date {
  return new Date(addMonths(new TZDateMini(new Date(instant).getTime(), timeZone), months).getTime());
}

/** Minutes between two instants (end minus start). */
export const minutesBetween = (start: string | Date, end: string | Date) => differenceInMinutes(new Date(end), new Date(start));

/** An instant `minutes` later. */
export const plusMinutes = (instant: string | Date, minutes: number) => addMinutes(new Date(instant), minutes);

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

/** '31 Dec' in the zone (a date close enough that its year goes without saying). */
export function formatDayMonth(instant: string | Date, timeZone: string): string {
  return formatOf(timeZone, { day: 'numeric', month: 'short' }).format(new Date(instant));
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
