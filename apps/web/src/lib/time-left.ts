/**
 * How long is left until a deadline, in words a host reads at a glance: '23 h 40 min left',
 * '2 days 3 h left', '12 min left'. Rounded down, so a host is never told they have more time than
 * they do; under a minute is 'less than a minute left', and a passed deadline 'time is up'.
 */
export function timeLeftText(deadline: string | Date, now: Date = new Date()): string {
  const ms = new Date(deadline).getTime() - now.getTime();
  if (Number.isNaN(ms)) return '';
  if (ms <= 0) return 'time is up';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'less than a minute left';
  if (minutes < 60) return `${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) {
    const m = minutes % 60;
    return m ? `${hours} h ${m} min left` : `${hours} h left`;
  }
  const days = Math.floor(hours / 24);
  const h = hours % 24;
  return h ? `${days} days ${h} h left` : `${days} days left`;
}

/** True when a deadline is this close (default: under 3 hours), to colour it as urgent. */
export const isDeadlineNear = (deadline: string | Date, now: Date = new Date(), withinMs = 3 * 3600_000) => new Date(deadline).getTime() - now.getTime() < withinMs;
