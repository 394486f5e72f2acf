import { describe, expect, it } from 'vitest';

// windows are written on the searched zone's clock, never the device's: these tests run as a device in New York
process.env.TZ = 'America/New_York';
import { EMPTY_SEARCH, parseSearch, searchHref, searchToParams, toApiQuery, windowFor, windowParts } from './search-state';

describe('search state in the URL', () => {
  it('round-trips a full search', () => {
    const state = {
      ...EMPTY_SEARCH,
      place: 'Koramangala, Bengaluru',
      lat: 12.9352,
      lng: 77.6245,
      when: 'hourly' as const,
      start: '2026-12-01T09:00:00+05:30',
      end: '2026-12-01T18:00:00+05:30',
      parking_type: ['garage' as const, 'covered_lot' as const],
      vehicle_type: 'suv' as const,
      amenities: ['ev_charging' as const],
      min_price: 1000,
      max_price: 50000,
      instant_book: true,
      min_rating: 4,
      sort: 'price' as const,
      view: 'map' as const,
    };
    expect(parseSearch(searchToParams(state))).toEqual({ ...state, radius_km: undefined, bbox: undefined });
  });

  it('drops what it does not know instead of failing', () => {
    const s = parseSearch(new URLSearchParams('lat=999&lng=77&parking_type=helipad,garage&sort=random&start=soon&end=later&amenities=jacuzzi&bbox=1,2,3'));
    expect(s.lat).toBeUndefined();
    expect(s).toMatchObject({ parking_type: ['garage'], amenities: [], sort: 'distance', start: undefined, end: undefined, bbox: undefined });
  });

  it('keeps links short: defaults are left out', () => {
    expect(searchHref({ parking_type: ['garage'] })).toBe('/parking?parking_type=garage');
    expect(searchHref({})).toBe('/parking');
  });

  it('asks the API with its own names, and nothing without a place', () => {
    expect(toApiQuery(EMPTY_SEARCH)).toBeNull();
    const q = toApiQuery({ ...EMPTY_SEARCH, lat: 12.9, lng: 77.6, radius_km: 3, amenities: ['cctv', 'gated'] }, { limit: 6 })!;
    expect(Object.fromEntries(q)).toEqual({ lat: '12.9', lng: '77.6', radius_km: '3', amenities: 'cctv,gated', sort: 'distance', limit: '6' });
    const box = toApiQuery({ ...EMPTY_SEARCH, lat: 12.9, lng: 77.6, radius_km: 3, bbox: [77.5, 12.8, 77.7, 13] })!;
    expect(box.get('bbox')).toBe('77.50000,12.80000,77.70000,13.00000');
    expect(box.has('radius_km')).toBe(false);
  });
});

describe('windowFor (India time, on a device in New York)', () => {
  it('makes hourly, overnight, daily and monthly windows', () => {
    expect(windowFor('hourly', { date: '2026-12-01', startTime: '09:00', endTime: '18:00' }, 'Asia/Kolkata')).toEqual({ start: '2026-12-01T09:00:00+05:30', end: '2026-12-01T18:00:00+05:30' });
    expect(windowFor('hourly', { date: '2026-12-31', startTime: '22:00', endTime: '06:00' }, 'Asia/Kolkata').end).toBe('2027-01-01T06:00:00+05:30');
    expect(windowFor('daily', { date: '2026-12-01', endDate: '2026-12-03' }, 'Asia/Kolkata')).toEqual({ start: '2026-12-01T00:00:00+05:30', end: '2026-12-04T00:00:00+05:30' });
    expect(windowFor('monthly', { date: '2026-02-01' }, 'Asia/Kolkata').end).toBe('2026-03-03T00:00:00+05:30');
  });
});

describe('windows in zones with daylight saving', () => {
  it('builds a daily window across London\'s March change on London\'s clock', () => {
    expect(windowFor('daily', { date: '2026-03-28', endDate: '2026-03-29' }, 'Europe/London')).toEqual({ start: '2026-03-28T00:00:00+00:00', end: '2026-03-30T00:00:00+01:00' });
  });

  it('reads a window back into the fields it came from', () => {
    const w = windowFor('hourly', { date: '2026-11-01', startTime: '22:00', endTime: '06:00' }, 'America/New_York');
    expect(w).toEqual({ start: '2026-11-01T22:00:00-05:00', end: '2026-11-02T06:00:00-05:00' });
    expect(windowParts(w.start, w.end, 'America/New_York')).toEqual({ date: '2026-11-01', startTime: '22:00', endTime: '06:00', endDate: '2026-11-01' });
    expect(windowParts('2026-12-01T09:00:00+05:30', '2026-12-01T18:00:00+05:30', 'Asia/Kolkata')).toMatchObject({ date: '2026-12-01', startTime: '09:00', endTime: '18:00' });
  });
});
