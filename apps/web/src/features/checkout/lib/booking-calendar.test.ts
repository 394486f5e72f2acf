import type { Booking } from '@parkly/shared/bookings';
import { describe, expect, it } from 'vitest';
import { bookingIcs, directionsUrl, icsFileName } from './booking-calendar';

const booking = {
  id: 'b1',
  reference: 'PK-7F3A2C91',
  start: '2026-12-24T18:30:00+05:30',
  end: '2026-12-24T21:00:00+05:30',
  listing: { title: 'Covered garage, Indiranagar', locality: 'Indiranagar', city: 'Bengaluru', time_zone: 'Asia/Kolkata' },
  vehicle: { plate: 'KA 01 AB 1234' },
  access: { address: '14, 12th Main Road, Bengaluru', lat: 12.978, lng: 77.6408, access_instructions: 'Ring the bell; blue gate' },
} as unknown as Booking;

describe('booking calendar', () => {
  it('links directions to the exact place', () => {
    expect(directionsUrl(12.978, 77.6408)).toBe('https://www.google.com/maps/dir/?api=1&destination=12.978,77.6408');
  });

  it('makes an event with the address, access and reference', () => {
    const ics = bookingIcs(booking, 'https://parkly.test/parking/booking-details/b1', new Date('2026-12-01T00:00:00Z'));
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('UID:b1@parkly');
    expect(unfolded).toContain('SUMMARY:Parking: Covered garage\\, Indiranagar');
    expect(unfolded).toContain('LOCATION:14\\, 12th Main Road\\, Bengaluru');
    expect(unfolded).toContain('How to get in: Ring the bell\\; blue gate');
    expect(unfolded).toContain('Parkly booking PK-7F3A2C91\\n');
    expect(unfolded).toContain('GEO:12.978;77.6408');
    expect(icsFileName(booking)).toBe('parkly-pk-7f3a2c91.ics');
  });

  it('uses the area while the exact place is not shared yet', () => {
    const ics = bookingIcs({ ...booking, access: null }, 'https://parkly.test/x').replace(/\r\n /g, '');
    expect(ics).toContain('LOCATION:Indiranagar\\, Bengaluru');
    expect(ics).not.toContain('GEO:');
  });
});
