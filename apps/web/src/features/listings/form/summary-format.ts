import type { OpeningHours } from '@parkly/shared/listings';
import { WEEKDAYS, type Weekday } from '@parkly/shared/listing-options';

const SHORT: Record<Weekday, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

const windowsText = (hours: OpeningHours, d: Weekday) => {
  const list = hours[d] ?? [];
  return list.length ? list.map((w) => `${w.open}–${w.close === '24:00' ? 'midnight' : w.close}`).join(', ') : 'Closed';
};

/** Weekly hours in a few lines: runs of days with the same hours share one ('Mon–Fri: 08:00–20:00'). */
export function hoursLines(hours: OpeningHours | null): string[] {
  if (hours === null) return ['Open 24/7'];
  const lines: string[] = [];
  let start = 0;
  for (let i = 1; i <= WEEKDAYS.length; i++) {
    const prev = WEEKDAYS[i - 1]!;
    const cur = WEEKDAYS[i];
    if (cur && windowsText(hours, cur) === windowsText(hours, prev)) continue;
    const first = WEEKDAYS[start]!;
    lines.push(`${first === prev ? SHORT[first] : `${SHORT[first]}–${SHORT[prev]}`}: ${windowsText(hours, prev)}`);
    start = i;
  }
  return lines.length === 1 && lines[0]!.startsWith('Mon–Sun') ? [`Every day: ${windowsText(hours, 'mon')}`] : lines;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** 1440 -> '1 day', 120 -> '2 hours', 90 -> '90 minutes'. */
export function durationText(minutes: number | null): string | null {
  if (minutes === null) return null;
  if (minutes % 1440 === 0) return plural(minutes / 1440, 'day');
  if (minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}

/** '5 × 2.5 × 2.1 m (length × width × height)', or null with no limits. */
export function sizeText(l: { max_length_m: number | null; max_width_m: number | null; max_height_m: number | null }): string | null {
  const parts = [
    l.max_length_m !== null && `length ${l.max_length_m} m`,
    l.max_width_m !== null && `width ${l.max_width_m} m`,
    l.max_height_m !== null && `height ${l.max_height_m} m`,
  ].filter(Boolean);
  return parts.length ? `Up to ${parts.join(', ')}` : null;
}
