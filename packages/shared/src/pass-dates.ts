/**
 * Where a notice ends a monthly pass (decision 037): its periods turn on the same day of each month on the
 * listing's clock (`addZonedMonths`). The web app says it before the driver or host gives notice; the server's
 * answer (ends_at) is what counts.
 */
import { addZonedMonths } from './time';

const DAY_MS = 86_400_000;

/** The first renewal date at least `noticeDays` after `now`, of a pass that started at `start`. */
export function noticeEndsAt(start: string | Date, timeZone: string, noticeDays: number, now: Date = new Date()): Date {
  const earliest = now.getTime() + noticeDays * DAY_MS;
  let k = 1;
  while (addZonedMonths(start, k, timeZone).getTime() < earliest) k += 1;
  return addZonedMonths(start, k, timeZone);
}
