import { addLocalDays, todayIn, zonedIso, type LocalDate } from '@parkly/shared/time';

export interface BusyPeriod {
  start: string;
  end: string;
}

export type DayState = 'free' | 'part' | 'full';
export interface BusyDay {
  date: LocalDate;
  state: DayState;
}

/**
 * The coming days on the listing's clock, each free, full for part of the day, or full all day,
 * from the periods when every unit is taken. Days run midnight to midnight in the listing's zone.
 */
export function busyDays(full: BusyPeriod[], timeZone: string, days: number, now: Date = new Date()): BusyDay[] {
  const first = todayIn(timeZone, now);
  return Array.from({ length: days }, (_, i) => {
    const date = addLocalDays(first, i);
    const from = Date.parse(zonedIso(date, '00:00', timeZone));
    const to = Date.parse(zonedIso(addLocalDays(date, 1), '00:00', timeZone));
    // the day's own hours that are full (periods do not overlap, but clip them to the day)
    const covered = full.reduce((sum, p) => sum + Math.max(0, Math.min(to, Date.parse(p.end)) - Math.max(from, Date.parse(p.start))), 0);
    const state: DayState = covered <= 0 ? 'free' : covered >= to - from ? 'full' : 'part';
    return { date, state };
  });
}
