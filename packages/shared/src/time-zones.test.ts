import { TZDateMini } from '@date-fns/tz';
import { isValid, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { isLocalDate, minutesBetween, plusMinutes, toZonedIso, zonedIso, zonedParts } from './time';

/**
 * time.ts converts zones with Intl alone (decision 041). Until then it used @date-fns/tz and date-fns,
 * which stay here as the reference: these are their answers, as time.ts computed them with them, for zones
 * with and without daylight saving, half- and quarter-hour offsets, both hemispheres, every clock change
 * of several years and the hours around them.
 */
(globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env.TZ = 'America/Los_Angeles';

const ZONES = [
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Dubai',
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'America/St_Johns',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Pacific/Apia',
  'Africa/Casablanca',
  'UTC',
];

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

function referenceIso(t: InstanceType<typeof TZDateMini>): string {
  const offset = -t.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const day = `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`;
  return `${day}T${pad(t.getHours())}:${pad(t.getMinutes())}:${pad(t.getSeconds())}${sign}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** time.ts's zonedIso as it was, on @date-fns/tz. */
function referenceZonedIso(date: string, time: string, timeZone: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss = 0] = time.split(':').map(Number) as [number, number, number?];
  let t = new TZDateMini(y, m - 1, d, hh, mm, ss, timeZone);
  for (const shift of [60, 30]) {
    const earlier = new TZDateMini(t.getTime() - shift * 60_000, timeZone);
    if (earlier.getDate() === d && earlier.getHours() === hh && earlier.getMinutes() === mm) t = earlier;
  }
  return referenceIso(t);
}

const referenceParts = (ms: number, timeZone: string) => {
  const t = new TZDateMini(ms, timeZone);
  return { date: `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`, time: `${pad(t.getHours())}:${pad(t.getMinutes())}` };
};

/** Every instant the zone's offset changes between two years, found by halving. */
function clockChanges(timeZone: string, fromYear: number, toYear: number): number[] {
  const offset = (ms: number) => -new TZDateMini(ms, timeZone).getTimezoneOffset();
  const changes: number[] = [];
  const step = 7 * 86_400_000;
  for (let t = Date.UTC(fromYear, 0, 1); t < Date.UTC(toYear, 0, 1); t += step) {
    if (offset(t) === offset(t + step)) continue;
    let [lo, hi] = [t, t + step];
    while (hi - lo > 60_000) {
      const mid = Math.floor((lo + hi) / 2 / 60_000) * 60_000;
      if (offset(mid) === offset(lo)) lo = mid;
      else hi = mid;
    }
    changes.push(hi);
  }
  return changes;
}

describe('time.ts on Intl gives @date-fns/tz answers', () => {
  it('reads instants on each zone clock: every 31 hours 7 minutes over four years, and around every clock change', () => {
    for (const zone of ZONES) {
      const instants: number[] = [];
      for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2028, 0, 1); t += (31 * 60 + 7) * 60_000 + 17_000) instants.push(t);
      for (const change of clockChanges(zone, 2024, 2028)) for (let k = -3; k <= 3; k++) instants.push(change + k * 30 * 60_000, change + k * 1000);
      for (const t of instants) {
        expect(zonedParts(new Date(t), zone), `${zone} ${new Date(t).toISOString()}`).toEqual(referenceParts(t, zone));
        expect(toZonedIso(new Date(t), zone), `${zone} ${new Date(t).toISOString()}`).toBe(referenceIso(new TZDateMini(Math.floor(t / 1000) * 1000, zone)));
      }
    }
  }, 60_000);

  it('turns wall-clock times into instants: every 20 minutes of the days the clocks change, and ordinary days', () => {
    for (const zone of ZONES) {
      const days = new Set(['2026-01-15', '2026-07-01', '2024-02-29', '2027-12-31']);
      for (const change of clockChanges(zone, 2024, 2028)) {
        const { date } = referenceParts(change, zone);
        days.add(date);
        const [y, m, d] = date.split('-').map(Number) as [number, number, number];
        days.add(new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10));
      }
      for (const date of days) {
        for (let minute = 0; minute < 24 * 60; minute += 20) {
          for (const seconds of ['', ':15']) {
            const time = `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}${seconds}`;
            expect(zonedIso(date, time, zone), `${zone} ${date} ${time}`).toBe(referenceZonedIso(date, time, zone));
          }
        }
      }
    }
  }, 60_000);

  it('answers as before for text that is not a day or a time', () => {
    for (const [date, time] of [['', ''], ['2026-13-01', '10:00'], ['2026-02-30', '10:00'], ['2026-12-24', ''], ['x', 'y']]) {
      expect(zonedIso(date!, time!, 'Asia/Kolkata'), `${date} ${time}`).toBe(referenceZonedIso(date!, time!, 'Asia/Kolkata'));
    }
    expect(toZonedIso('not a time', 'Asia/Kolkata')).toBe(referenceIso(new TZDateMini(NaN, 'Asia/Kolkata')));
  });

  it('checks picked days as parseISO did, leap years and all', () => {
    for (const y of [1900, 1996, 2000, 2023, 2024, 2100, 2400, 9999]) {
      for (let m = 0; m <= 13; m++) {
        for (let d = 0; d <= 32; d++) {
          const s = `${y}-${pad(m)}-${pad(d)}`;
          expect(isLocalDate(s), s).toBe(isValid(parseISO(s)));
        }
      }
    }
    for (const s of ['0000-02-29', '0001-02-29', '2026-1-01', '2026-01-1', ' 2026-01-01', '2026-01-01T00:00', '']) {
      expect(isLocalDate(s), s).toBe(/^\d{4}-\d{2}-\d{2}$/.test(s) && isValid(parseISO(s)));
    }
  });

  it('counts minutes between instants toward zero and adds minutes', () => {
    const at = '2026-03-29T00:30:00Z';
    expect([minutesBetween(at, '2026-03-29T00:30:59Z'), minutesBetween('2026-03-29T00:30:59Z', at), minutesBetween(at, at)]).toEqual([0, 0, 0]);
    expect(Object.is(minutesBetween('2026-03-29T00:30:59Z', at), 0)).toBe(true);
    expect(minutesBetween(at, '2026-03-29T02:31:30Z')).toBe(121);
    expect(minutesBetween('2026-03-29T02:31:30Z', at)).toBe(-121);
    expect(Number.isNaN(minutesBetween('x', at))).toBe(true);
    expect(plusMinutes(at, 90).toISOString()).toBe('2026-03-29T02:00:00.000Z');
    expect(Number.isNaN(plusMinutes('x', 90).getTime())).toBe(true);
  });
});
