import { describe, expect, it } from 'vitest';
import {
  addLocalDays,
  FALLBACK_TIME_ZONE,
  formatDateTime,
  formatLocalDay,
  formatLongDate,
  formatMonthYear,
  formatPeriod,
  formatShortDate,
  formatShortDateTime,
  formatStayLength,
  formatTime,
  fromDateTimeLocal,
  isLocalDate,
  isLocalTime,
  isoWeekday,
  isTimeZone,
  minutesBetween,
  nextSlot,
  plusMinutes,
  toDateTimeLocal,
  todayIn,
  toZonedIso,
  zoneAbbreviation,
  zonedIso,
  zonedParts,
  zoneLongName,
  zoneOr,
} from './time';

// Every answer below must hold whatever the machine's own zone is: run as a device in Los Angeles,
// which is neither India nor any zone under test (this package is typed without Node's globals).
(globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env.TZ = 'America/Los_Angeles';

const KOLKATA = 'Asia/Kolkata';
const LONDON = 'Europe/London';
const NEW_YORK = 'America/New_York';

describe('zones', () => {
  it('knows IANA zones and refuses offsets and made-up names', () => {
    expect([KOLKATA, LONDON, NEW_YORK, 'UTC', 'Asia/Kathmandu'].every(isTimeZone)).toBe(true);
    expect(['+05:30', 'UTC+5:30', 'Mars/Olympus_Mons', '', 'Asia/Kolkata; DROP TABLE listings'].some(isTimeZone)).toBe(false);
  });

  it('falls back to the configured default only when a zone is missing or unknown', () => {
    expect(zoneOr(LONDON)).toBe(LONDON);
    expect(zoneOr(undefined)).toBe(FALLBACK_TIME_ZONE);
    expect(zoneOr('Nowhere/Special', NEW_YORK)).toBe(NEW_YORK);
    expect(FALLBACK_TIME_ZONE).toBe(KOLKATA);
  });

  it('names zones as people know them', () => {
    expect(zoneLongName(KOLKATA)).toBe('India Standard Time');
    expect(zoneLongName(LONDON, new Date('2026-01-15T12:00:00Z'))).toBe('Greenwich Mean Time');
    expect(zoneLongName(LONDON, new Date('2026-07-15T12:00:00Z'))).toBe('British Summer Time');
    expect(zoneLongName(NEW_YORK, new Date('2026-07-15T12:00:00Z'))).toBe('Eastern Daylight Time');
    expect(zoneAbbreviation(KOLKATA)).toBe('IST');
    expect(zoneAbbreviation(LONDON, new Date('2026-01-15T12:00:00Z'))).not.toBe(zoneAbbreviation(LONDON, new Date('2026-07-15T12:00:00Z')));
  });
});

describe('picked days and times', () => {
  it('checks what a person typed', () => {
    expect([isLocalDate('2026-02-28'), isLocalDate('2026-02-30'), isLocalDate('28/02/2026')]).toEqual([true, false, false]);
    expect([isLocalTime('09:30'), isLocalTime('24:00'), isLocalTime('9:30')]).toEqual([true, false, false]);
  });

  it('does calendar arithmetic without zones, across month, year and daylight-saving changes', () => {
    expect(addLocalDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addLocalDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addLocalDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addLocalDays('2026-03-07', 2)).toBe('2026-03-09');
    expect([isoWeekday('2025-01-06'), isoWeekday('2025-01-12')]).toEqual([1, 7]);
  });

  it('shows a picked day as it reads, with or without its weekday', () => {
    expect(formatLocalDay('2026-03-12')).toBe('12 Mar');
    expect(formatLocalDay('2026-12-03', { weekday: true })).toBe('Thu, 3 Dec');
  });
});

describe('zonedIso: a wall-clock time in a zone', () => {
  it('writes India time with its fixed offset', () => {
    expect(zonedIso('2026-12-24', '18:30', KOLKATA)).toBe('2026-12-24T18:30:00+05:30');
    expect(zonedIso('2026-12-24', '18:30:15', KOLKATA)).toBe('2026-12-24T18:30:15+05:30');
  });

  it('follows London across the March change (clocks go from 01:00 GMT to 02:00 BST on 29 March 2026)', () => {
    expect(zonedIso('2026-03-29', '00:30', LONDON)).toBe('2026-03-29T00:30:00+00:00');
    expect(zonedIso('2026-03-29', '02:30', LONDON)).toBe('2026-03-29T02:30:00+01:00');
    // 01:30 never happens that night: it is the moment the clock shows 02:30 BST
    expect(zonedIso('2026-03-29', '01:30', LONDON)).toBe('2026-03-29T02:30:00+01:00');
    // a day's stay that night is 23 hours long
    expect(minutesBetween(zonedIso('2026-03-29', '00:00', LONDON), zonedIso('2026-03-30', '00:00', LONDON))).toBe(23 * 60);
  });

  it('takes the first of a time that happens twice in the autumn, in London and New York alike', () => {
    expect(zonedIso('2026-10-25', '01:30', LONDON)).toBe('2026-10-25T01:30:00+01:00');
    expect(zonedIso('2026-11-01', '01:30', NEW_YORK)).toBe('2026-11-01T01:30:00-04:00');
    expect(minutesBetween(zonedIso('2026-10-25', '00:00', LONDON), zonedIso('2026-10-26', '00:00', LONDON))).toBe(25 * 60);
  });

  it('follows New York across its March change (02:00 EST to 03:00 EDT on 8 March 2026)', () => {
    expect(zonedIso('2026-03-07', '09:00', NEW_YORK)).toBe('2026-03-07T09:00:00-05:00');
    expect(zonedIso('2026-03-08', '02:30', NEW_YORK)).toBe('2026-03-08T03:30:00-04:00');
    expect(zonedIso('2026-03-09', '09:00', NEW_YORK)).toBe('2026-03-09T09:00:00-04:00');
  });

  it('reads back the same day and time it wrote', () => {
    for (const zone of [KOLKATA, LONDON, NEW_YORK]) {
      for (const [date, time] of [['2026-01-15', '07:45'], ['2026-03-29', '03:00'], ['2026-07-01', '23:59'], ['2026-11-01', '12:00']] as const) {
        expect(zonedParts(zonedIso(date, time, zone), zone)).toEqual({ date, time });
      }
    }
  });
});

describe('instants on a zone clock', () => {
  const instant = '2026-07-01T12:00:00Z';

  it('writes one instant with each zone offset, all naming the same moment', () => {
    expect(toZonedIso(instant, KOLKATA)).toBe('2026-07-01T17:30:00+05:30');
    expect(toZonedIso(instant, LONDON)).toBe('2026-07-01T13:00:00+01:00');
    expect(toZonedIso(instant, NEW_YORK)).toBe('2026-07-01T08:00:00-04:00');
    expect(toZonedIso('2026-01-01T12:00:00Z', NEW_YORK)).toBe('2026-01-01T07:00:00-05:00');
    for (const zone of [KOLKATA, LONDON, NEW_YORK]) expect(Date.parse(toZonedIso(instant, zone))).toBe(Date.parse(instant));
  });

  it('knows which day it is where', () => {
    const lateInNewYork = new Date('2026-03-02T03:00:00Z'); // 22:00 on 1 March in New York, 08:30 on 2 March in India
    expect(todayIn(NEW_YORK, lateInNewYork)).toBe('2026-03-01');
    expect(todayIn(KOLKATA, lateInNewYork)).toBe('2026-03-02');
    expect(zonedParts('2026-03-29T00:59:00Z', LONDON)).toEqual({ date: '2026-03-29', time: '00:59' });
    expect(zonedParts('2026-03-29T01:00:00Z', LONDON)).toEqual({ date: '2026-03-29', time: '02:00' });
  });

  it('offers the next whole slot on the zone clock', () => {
    expect(nextSlot(KOLKATA, 30, new Date('2026-03-01T20:05:00Z'))).toEqual({ date: '2026-03-02', time: '02:00' });
    expect(nextSlot(NEW_YORK, 15, new Date('2026-03-01T20:05:00Z'))).toEqual({ date: '2026-03-01', time: '15:15' });
  });

  it('adds minutes to instants and measures between them', () => {
    expect(plusMinutes('2026-03-29T00:30:00Z', 60).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(minutesBetween('2026-12-24T18:00:00+05:30', '2026-12-24T20:30:00+05:30')).toBe(150);
  });
});

// These were the blackouts manager's India-time helpers (india-time.ts); the manager now uses the listing's zone.
describe('datetime-local inputs on a zone clock', () => {
  it('reads a datetime-local value as India time', () => {
    expect(fromDateTimeLocal('2026-12-24T18:00', KOLKATA)).toBe('2026-12-24T18:00:00+05:30');
    expect(Date.parse(fromDateTimeLocal('2026-12-24T18:00', KOLKATA))).toBe(Date.parse('2026-12-24T12:30:00Z'));
  });

  it('gives now as a datetime-local value in India', () => {
    expect(toDateTimeLocal(new Date('2026-03-01T20:00:00Z'), KOLKATA)).toBe('2026-03-02T01:30');
  });

  it('reads and writes the values in zones with daylight saving', () => {
    expect(fromDateTimeLocal('2026-03-29T09:00', LONDON)).toBe('2026-03-29T09:00:00+01:00');
    expect(fromDateTimeLocal('2026-03-28T09:00', LONDON)).toBe('2026-03-28T09:00:00+00:00');
    expect(fromDateTimeLocal('2026-07-04T18:00:30', NEW_YORK)).toBe('2026-07-04T18:00:30-04:00');
    expect(toDateTimeLocal('2026-07-04T22:00:00Z', NEW_YORK)).toBe('2026-07-04T18:00');
  });
});

describe('formatters', () => {
  it('shows a period in India time', () => {
    const text = formatPeriod('2026-12-24T12:30:00Z', '2026-12-26T03:30:00Z', KOLKATA);
    expect(text).toMatch(/24 Dec,? 2026/);
    expect(text).toMatch(/26 Dec,? 2026/);
    expect(text).toMatch(/6:00\s?pm/i);
    expect(text).toMatch(/9:00\s?am/i);
  });

  it('shows the same period on the clock of the zone it is given', () => {
    const text = formatPeriod('2026-12-24T12:30:00Z', '2026-12-26T03:30:00Z', NEW_YORK);
    expect(text).toMatch(/24 Dec,? 2026/);
    expect(text).toMatch(/7:30\s?am/i);
    expect(text).toMatch(/25 Dec,? 2026/);
    expect(text).toMatch(/10:30\s?pm/i);
  });

  it('shows a summer and a winter time in London with their own offsets', () => {
    expect(formatTime('2026-03-28T09:00:00Z', LONDON)).toMatch(/^9:00\s?am$/i);
    expect(formatTime('2026-03-30T09:00:00Z', LONDON)).toMatch(/^10:00\s?am$/i);
  });

  it('shows dates as people in India write them, on the zone clock', () => {
    const lateOnNewYearsEve = '2025-12-31T20:00:00Z'; // 1 January 2026 01:30 in India, still 31 December in New York
    expect(formatLongDate(lateOnNewYearsEve, KOLKATA)).toBe('1 January 2026');
    expect(formatLongDate(lateOnNewYearsEve, NEW_YORK)).toBe('31 December 2025');
    expect(formatShortDate(lateOnNewYearsEve, KOLKATA)).toBe('1 Jan 2026');
    expect(formatMonthYear(lateOnNewYearsEve, KOLKATA)).toBe('January 2026');
    expect(formatMonthYear(lateOnNewYearsEve, NEW_YORK)).toBe('December 2025');
    expect(formatMonthYear('2024-11-03T10:00:00Z', KOLKATA)).toBe('November 2024');
  });

  it('shows a date and time with and without the weekday', () => {
    const text = formatShortDateTime('2025-03-14T04:00:00.000Z', KOLKATA);
    expect(text).toMatch(/^14 Mar 2025/);
    expect(text).toMatch(/9:30\s?am/i);
    expect(formatDateTime('2025-03-14T04:00:00.000Z', KOLKATA)).toMatch(/^Fri, 14 Mar,? 2025/);
    expect(formatDateTime('2025-03-14T04:00:00.000Z', NEW_YORK)).toMatch(/^Fri, 14 Mar,? 2025,? 12:00\s?am/i);
  });

  it('says how long a stay is', () => {
    expect([45, 60, 150, 1440, 1500, 2 * 1440].map(formatStayLength)).toEqual(['45 min', '1 hour', '2 h 30 min', '1 day', '1 day 1 h', '2 days']);
  });
});

describe('isIsoInstant', () => {
  it('takes instants with an offset on real days only', async () => {
    const { isIsoInstant } = await import('./time');
    expect(isIsoInstant('2026-12-24T18:30:00+05:30')).toBe(true);
    expect(isIsoInstant('2028-02-29T10:00Z')).toBe(true);
    expect(isIsoInstant('2027-02-29T10:00Z')).toBe(false);
    expect(isIsoInstant('2026-02-30T10:00:00+05:30')).toBe(false);
    expect(isIsoInstant('2026-12-24T24:00:00Z')).toBe(false);
    expect(isIsoInstant('2026-12-24T18:30:00')).toBe(false);
    expect(isIsoInstant('2026')).toBe(false);
  });
});

describe('addZonedMonths', () => {
  it('keeps the day of the month on the zone clock, the end of a shorter month when it does not exist', async () => {
    const { addZonedMonths } = await import('./time');
    const start = '2027-01-31T09:00:00+05:30';
    expect(addZonedMonths(start, 1, 'Asia/Kolkata').toISOString()).toBe('2027-02-28T03:30:00.000Z');
    expect(addZonedMonths(start, 2, 'Asia/Kolkata').toISOString()).toBe('2027-03-31T03:30:00.000Z');
    expect(addZonedMonths('2028-01-31T09:00:00+05:30', 1, 'Asia/Kolkata').toISOString()).toBe('2028-02-29T03:30:00.000Z');
    // midnight of the 1st in India is still the 31st in UTC: counted on the listing's clock
    expect(addZonedMonths('2027-03-31T18:30:00Z', 1, 'Asia/Kolkata').toISOString()).toBe('2027-04-30T18:30:00.000Z');
    // across a daylight-saving change the wall-clock time stays
    expect(addZonedMonths('2027-03-01T09:00:00-05:00', 1, 'America/New_York').toISOString()).toBe('2027-04-01T13:00:00.000Z');
  });
});
