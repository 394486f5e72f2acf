import { addDays, localDate, windowParts, type SearchState } from '../search-state';

const dayFormat = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short' });
const shortDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short' });

const day = (date: string, format = dayFormat) => format.format(new Date(`${date}T12:00:00`));

/** 'Today', 'Tomorrow' or 'Thu, 4 Dec' for a local 'YYYY-MM-DD'. */
function dayName(date: string, now = new Date()) {
  const today = localDate(now);
  if (date === today) return 'Today';
  if (date === addDays(today, 1)) return 'Tomorrow';
  return day(date);
}

/** The search's time in a few words, for the chip that opens the time editor. */
export function whenSummary(s: Pick<SearchState, 'when' | 'start' | 'end'>, now = new Date()): string {
  if (!s.start || !s.end) return 'Any time';
  const p = windowParts(s.start, s.end);
  if (s.when === 'monthly') return `Monthly from ${day(p.date, shortDay)}`;
  if (s.when === 'daily') return p.endDate === p.date ? dayName(p.date, now) : `${day(p.date, shortDay)} – ${day(p.endDate, shortDay)}`;
  const endDay = localDate(new Date(s.end));
  const endsLater = endDay !== p.date;
  return `${dayName(p.date, now)}, ${p.startTime}–${p.endTime}${endsLater ? ` (${day(endDay, shortDay)})` : ''}`;
}
