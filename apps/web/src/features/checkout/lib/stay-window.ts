import { addLocalDays, isLocalDate, isLocalTime, nextSlot, plusMinutes, zonedIso, zonedParts, type LocalDate, type LocalTime } from '@parkly/shared/time';
import { differenceInCalendarDays, parseISO } from 'date-fns';

/**
 * The times a driver picks on /booking_details, as fields on the listing's clock, and the window
 * (ISO 8601 with the listing's offset) they describe. Hourly picks a start and an end; daily a
 * start and a number of days; monthly a start and a number of 30-day months (the pricing's month).
 */
export const STAY_MODES = ['hourly', 'daily', 'monthly'] as const;
export type StayMode = (typeof STAY_MODES)[number];
export const isStayMode = (s: unknown): s is StayMode => (STAY_MODES as readonly unknown[]).includes(s);

export const MONTH_DAYS = 30;
export const MAX_DAYS = 365;
export const MAX_MONTHS = 12;
/** The first window offered: two hours from the next half hour. */
const DEFAULT_HOURS = 2;

export interface StayFields {
  mode: StayMode;
  startDate: LocalDate;
  startTime: LocalTime;
  /** hourly only */
  endDate: LocalDate;
  endTime: LocalTime;
  /** daily only */
  days: number;
  /** monthly only */
  months: number;
}

export interface StayWindow {
  start: string;
  end: string;
}

export type FieldName = 'startDate' | 'startTime' | 'endDate' | 'endTime' | 'days' | 'months';
export type WindowResult = { ok: true; window: StayWindow } | { ok: false; field: FieldName; message: string };

/** The next half hour on the listing's clock, for two hours (or a day, or a month). */
export function defaultFields(timeZone: string, mode: StayMode = 'hourly', now: Date = new Date()): StayFields {
  const slot = nextSlot(timeZone, 30, now);
  const end = zonedParts(plusMinutes(zonedIso(slot.date, slot.time, timeZone), DEFAULT_HOURS * 60), timeZone);
  return { mode, startDate: slot.date, startTime: slot.time, endDate: end.date, endTime: end.time, days: 1, months: 1 };
}

const wholeIn = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

/** The window the fields describe on the listing's clock, or the field that is wrong and why. */
export function windowFromFields(f: StayFields, timeZone: string): WindowResult {
  if (!isLocalDate(f.startDate)) return { ok: false, field: 'startDate', message: 'Choose the start date' };
  if (!isLocalTime(f.startTime)) return { ok: false, field: 'startTime', message: 'Choose the start time' };
  const start = zonedIso(f.startDate, f.startTime, timeZone);
  let end: string;
  if (f.mode === 'hourly') {
    if (!isLocalDate(f.endDate)) return { ok: false, field: 'endDate', message: 'Choose the end date' };
    if (!isLocalTime(f.endTime)) return { ok: false, field: 'endTime', message: 'Choose the end time' };
    end = zonedIso(f.endDate, f.endTime, timeZone);
    if (Date.parse(end) <= Date.parse(start)) return { ok: false, field: 'endTime', message: 'The end must be after the start' };
  } else if (f.mode === 'daily') {
    if (!wholeIn(f.days, 1, MAX_DAYS)) return { ok: false, field: 'days', message: `Choose 1 to ${MAX_DAYS} days` };
    end = zonedIso(addLocalDays(f.startDate, f.days), f.startTime, timeZone);
  } else {
    if (!wholeIn(f.months, 1, MAX_MONTHS)) return { ok: false, field: 'months', message: `Choose 1 to ${MAX_MONTHS} months` };
    end = zonedIso(addLocalDays(f.startDate, f.months * MONTH_DAYS), f.startTime, timeZone);
  }
  return { ok: true, window: { start, end } };
}

/** The mode a window reads best in: whole 30-day months, whole days, or else hours. */
export function modeOf(w: StayWindow, timeZone: string): StayMode {
  const { days, sameClock } = spanOf(w, timeZone);
  if (sameClock && days > 0 && days % MONTH_DAYS === 0 && days / MONTH_DAYS <= MAX_MONTHS) return 'monthly';
  if (sameClock && days > 0 && days <= MAX_DAYS) return 'daily';
  return 'hourly';
}

function spanOf(w: StayWindow, timeZone: string) {
  const s = zonedParts(w.start, timeZone);
  const e = zonedParts(w.end, timeZone);
  return { s, e, days: differenceInCalendarDays(parseISO(e.date), parseISO(s.date)), sameClock: s.time === e.time };
}

/**
 * The fields back from a window (from the URL), in `preferred` mode when the window fits it (any
 * window fits hourly), otherwise in the mode it reads best in.
 */
export function fieldsFromWindow(w: StayWindow, timeZone: string, preferred?: StayMode): StayFields {
  const { s, e, days } = spanOf(w, timeZone);
  const best = modeOf(w, timeZone);
  const fits = preferred === 'hourly' || preferred === best || (preferred === 'daily' && best === 'monthly');
  const mode = preferred && fits ? preferred : best;
  return {
    mode,
    startDate: s.date,
    startTime: s.time,
    endDate: e.date,
    endTime: e.time,
    days: mode === 'daily' || mode === 'monthly' ? days : 1,
    months: mode === 'monthly' ? days / MONTH_DAYS : 1,
  };
}

/**
 * Another tab keeps the start and carries the length over as well as it can: hours round up to
 * days, days to months, and back.
 */
export function switchMode(f: StayFields, mode: StayMode, timeZone: string): StayFields {
  if (mode === f.mode) return f;
  const current = windowFromFields(f, timeZone);
  if (!current.ok) return { ...f, mode };
  const minutes = (Date.parse(current.window.end) - Date.parse(current.window.start)) / 60_000;
  const days = Math.min(MAX_DAYS, Math.max(1, Math.ceil(minutes / 1440)));
  const months = Math.min(MAX_MONTHS, Math.max(1, Math.round(days / MONTH_DAYS)));
  const end = zonedParts(current.window.end, timeZone);
  return { ...f, mode, days, months, endDate: end.date, endTime: end.time };
}
