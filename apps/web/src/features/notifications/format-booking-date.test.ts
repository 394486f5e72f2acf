import { describe, expect, it } from 'vitest';
import { formatBookingDate } from './format-booking-date';

describe('formatBookingDate', () => {
  it('shows the time in Asia/Kolkata whatever the machine zone', () => {
    // 04:00 UTC is 09:30 in India
    const text = formatBookingDate('2025-03-14T04:00:00.000Z', 'Asia/Kolkata');
    expect(text).toMatch(/14 Mar 2025/);
    expect(text).toMatch(/9:30/);
  });

  it('keeps a value that is not a date as it is', () => {
    expect(formatBookingDate('tomorrow morning', 'Asia/Kolkata')).toBe('tomorrow morning');
  });
});
