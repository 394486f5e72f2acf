import { addLocalDays, formatLocalDay, todayIn, zonedParts } from '@parkly/shared/time';
import { windowParts, type SearchState } from '../../../lib/search-state';

/** 'Today', 'Tomorrow' or 'Thu, 4 Dec' for a picked day, today being the zone's. */
function dayName(date: string, timeZone: string, now: Date) {
  const today = todayIn(timeZone, now);
  if (date === today) return 'Today';
  if (date === addLocalDays(today, 1)) return 'Tomorrow';
  return formatLocalDay(date, { weekday: true });
}

/** The search's time in a few words, on the zone's clock, for the chip that opens the time editor. */
export function whenSummary(s: Pick<SearchState, 'when' | 'start' | 'end'>, timeZone: string, now = new Date()): string {
  if (!s.start || !s.end) return 'Any time';
  const p = windowParts(s.start, s.end, timeZone);
  if (s.when === 'monthly') return `Monthly from ${formatLocalDay(p.date)}`;
  if (s.when === 'daily') return p.endDate === p.date ? dayName(p.date, timeZone, now) : `${formatLocalDay(p.date)} – ${formatLocalDay(p.endDate)}`;
  const endDay = zonedParts(s.end, timeZone).date;
  const endsLater = endDay !== p.date;
  return `${dayName(p.date, timeZone, now)}, ${p.startTime}–${p.endTime}${endsLater ? ` (${formatLocalDay(endDay)})` : ''}`;
}
