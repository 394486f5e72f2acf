import { describe, expect, it } from 'vitest';
import { carriedSearch, riderType } from './carried-search';

describe('what a search carries to a listing', () => {
  it('keeps the window, how it was picked and the vehicle, nothing else', () => {
    const from = new URLSearchParams({
      place: 'Koramangala',
      lat: '12.93',
      lng: '77.62',
      start: '2026-12-24T10:00:00+05:30',
      end: '2026-12-24T13:00:00+05:30',
      when: 'hourly',
      vehicle_type: 'motorcycle',
      sort: 'price',
    });
    expect(carriedSearch(from).toString()).toBe('start=2026-12-24T10%3A00%3A00%2B05%3A30&end=2026-12-24T13%3A00%3A00%2B05%3A30&when=hourly&vehicle_type=motorcycle');
    expect(carriedSearch(new URLSearchParams({ place: 'Koramangala', vehicle_type: '' })).size).toBe(0);
    expect(carriedSearch().size).toBe(0);
  });

  it('asks apart only for a motorcycle', () => {
    expect(riderType(new URLSearchParams({ vehicle_type: 'motorcycle' }))).toBe('motorcycle');
    expect(riderType(new URLSearchParams({ vehicle_type: 'sedan' }))).toBeNull();
    expect(riderType(new URLSearchParams())).toBeNull();
  });
});
