import { describe, expect, it } from 'vitest';
import { checkoutPath, detailsPath, paymentPath, readMode, readVehicleType, readWindow } from './checkout-paths';

const w = { start: '2026-12-24T18:30:00+05:30', end: '2026-12-24T21:00:00+05:30' };

describe('checkout paths', () => {
  it('round-trips a window through the URL, offset and all', () => {
    const path = checkoutPath('p 1', w, 'hourly');
    expect(path).toBe('/parking/booking?parking_id=p+1&start=2026-12-24T18%3A30%3A00%2B05%3A30&end=2026-12-24T21%3A00%3A00%2B05%3A30&when=hourly');
    const params = new URL(path, 'http://x').searchParams;
    expect(params.get('parking_id')).toBe('p 1');
    expect(readWindow(params)).toEqual(w);
    expect(readMode(params)).toBe('hourly');
  });

  it('ignores a window that is missing, malformed or backwards', () => {
    expect(readWindow(new URLSearchParams())).toBeNull();
    expect(readWindow(new URLSearchParams({ start: '2026-12-24 18:30', end: w.end }))).toBeNull();
    expect(readWindow(new URLSearchParams({ start: w.end, end: w.start }))).toBeNull();
    expect(readMode(new URLSearchParams({ when: 'weekly' }))).toBeUndefined();
  });

  it('carries a searched vehicle type through the time picker to the checkout, and drops one that is not a type', () => {
    const path = checkoutPath('p1', w, 'hourly', 'motorcycle');
    expect(readVehicleType(new URL(path, 'http://x').searchParams)).toBe('motorcycle');
    expect(detailsPath('p1', w, 'hourly', 'motorcycle')).toMatch(/^\/booking_details\/p1\?start=.*&when=hourly&vehicle_type=motorcycle$/);
    expect(checkoutPath('p1', w)).not.toContain('vehicle_type');
    expect(readVehicleType(new URLSearchParams({ vehicle_type: 'helicopter' }))).toBeUndefined();
    expect(readVehicleType(new URLSearchParams())).toBeUndefined();
  });

  it('builds the screens\' paths', () => {
    expect(detailsPath('abc')).toBe('/booking_details/abc');
    expect(detailsPath('abc', w)).toContain('/booking_details/abc?start=');
    expect(paymentPath('b/1')).toBe('/Paymentstripe?booking=b%2F1');
  });
});
