import { describe, expect, it } from 'vitest';
import { highlightedMode } from './mode-highlight';

describe('highlightedMode', () => {
  it.each(['/', '/parking', '/parking/42', '/parking/booking', '/Paymentstripe', '/ownerbooking', '/Favorater'])('highlights Guest on %s', (path) => {
    expect(highlightedMode(path)).toBe('guest');
  });

  it.each(['/hosthomes', '/my-listing', '/earning', '/booking_details', '/Manage_parking', '/add_parking'])('highlights Host on %s', (path) => {
    expect(highlightedMode(path)).toBe('host');
  });

  it.each(['/profile', '/aboutus', '/booking_details/7', '/parking/booking-details/3', '/welcomehost', '/favorater', '/paymentstripe'])('highlights neither on %s', (path) => {
    expect(highlightedMode(path)).toBeNull();
  });
});
