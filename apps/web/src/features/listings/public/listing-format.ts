import type { OpeningHours, OpeningWindow } from '@parkly/shared/listings';
import { WEEKDAYS, minutesOf, type Weekday } from '@parkly/shared/listing-options';
import { isoWeekday, zonedParts, zoneLongName } from '@parkly/shared/time';

export { offeredRates, type OfferedRate, type RateUnit } from '../../../lib/rates';

const metres = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
export const formatMetres = (m: number) => `${metres.format(m)} m`;

/** Up to two letters for an avatar without a photo. */
export function initials(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** 'Asia/Kolkata' -> 'India Standard Time' (the zone's own name, as people know it). */
export const timeZoneName = zoneLongName;

/** '07:00' -> '7:00 am', '13:30' -> '1:30 pm', '00:00' and '24:00' -> 'midnight'. */
export function formatClock(hhmm: string) {
  const total = minutesOf(hhmm);
  if (total === 0 || total === 1440) return 'midnight';
  if (total === 720) return 'noon';
  const h = Math.floor(total / 60);
  const m = total % 60;
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

const isAllDay = (windows: OpeningWindow[]) => windows.length === 1 && windows[0]!.open === '00:00' && windows[0]!.close === '24:00';

export function formatWindows(windows: OpeningWindow[] | undefined) {
  if (!windows || windows.length === 0) return 'Closed';
  if (isAllDay(windows)) return 'Open all day';
  return [...windows]
    .sort((a, b) => minutesOf(a.open) - minutesOf(b.open))
    .map((w) => `${formatClock(w.open)} – ${formatClock(w.close)}`)
    .join(', ');
}

export const DAY_NAMES: Record<Weekday, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };
const SHORT: Record<Weekday, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

export interface HoursRow {
  /** 'Mon – Thu' or 'Sat' */
  days: string;
  /** the same, spelled out for screen readers */
  daysLong: string;
  text: string;
  closed: boolean;
  includes: Weekday[];
}

/** The week as rows, consecutive days with the same hours folded into one ('Mon – Thu'). */
export function weeklyRows(hours: OpeningHours): HoursRow[] {
  const rows: HoursRow[] = [];
  for (const day of WEEKDAYS) {
    const text = formatWindows(hours[day]);
    const last = rows.at(-1);
    if (last && last.text === text) last.includes.push(day);
    else rows.push({ days: '', daysLong: '', text, closed: text === 'Closed', includes: [day] });
  }
  for (const row of rows) {
    const first = row.includes[0]!;
    const end = row.includes.at(-1)!;
    row.days = first === end ? SHORT[first] : `${SHORT[first]} – ${SHORT[end]}`;
    row.daysLong = first === end ? DAY_NAMES[first] : `${DAY_NAMES[first]} to ${DAY_NAMES[end]}`;
  }
  return rows;
}

/** The weekday and minute of the day it is now in the listing's time zone. */
export function localNow(timeZone: string, now = new Date()): { day: Weekday; minute: number } {
  const { date, time } = zonedParts(now, timeZone);
  return { day: WEEKDAYS[isoWeekday(date) - 1]!, minute: minutesOf(time) };
}

export type OpenState = { open: true; text: string } | { open: false; text: string };

/** 'Open now · until 10:00 pm' or 'Closed now · opens tomorrow at 7:00 am', in the listing's time zone. */
export function openState(hours: OpeningHours | null, timeZone: string, now = new Date()): OpenState {
  if (hours === null) return { open: true, text: 'Open 24/7' };
  const { day, minute } = localNow(timeZone, now);
  const today = WEEKDAYS.indexOf(day);
  const windowsOf = (offset: number) => {
    const d = WEEKDAYS[(today + offset) % 7]!;
    return { day: d, windows: [...(hours[d] ?? [])].sort((a, b) => minutesOf(a.open) - minutesOf(b.open)) };
  };
  const current = windowsOf(0).windows.find((w) => minutesOf(w.open) <= minute && minute < minutesOf(w.close));
  if (current) {
    // a window to midnight that the next day continues from midnight runs on
    const tomorrow = windowsOf(1).windows[0];
    if (current.close === '24:00' && tomorrow?.open === '00:00') return { open: true, text: `Open now · until ${formatClock(tomorrow.close)} tomorrow` };
    return { open: true, text: `Open now · until ${formatClock(current.close)}` };
  }
  for (let offset = 0; offset < 8; offset++) {
    const { day: d, windows } = windowsOf(offset);
    const next = windows.find((w) => offset > 0 || minutesOf(w.open) > minute);
    if (next) {
      const when = offset === 0 ? '' : offset === 1 ? 'tomorrow ' : `${DAY_NAMES[d]} `;
      return { open: false, text: `Closed now · opens ${when}at ${formatClock(next.open)}` };
    }
  }
  return { open: false, text: 'Closed' };
}

/** 90 -> '1 hour 30 minutes', 1440 -> '1 day', 10080 -> '1 week'. */
export function formatDuration(minutes: number) {
  const units: [number, string][] = [
    [10080, 'week'],
    [1440, 'day'],
    [60, 'hour'],
    [1, 'minute'],
  ];
  const out: string[] = [];
  let rest = minutes;
  for (const [size, name] of units) {
    const n = Math.floor(rest / size);
    if (n > 0) {
      out.push(`${n} ${name}${n === 1 ? '' : 's'}`);
      rest -= n * size;
    }
    if (out.length === 2) break;
  }
  return out.join(' ') || '0 minutes';
}
