import type { PublicListing } from '@parkly/shared/listings';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MobileBookBar } from './mobile-book-bar';
import { PriceCard } from './price-card';

// The listing page's price card and phone bar show what the visitor pays (decisions 040, 043, 046): a rider who
// came from a motorcycle search (?vehicle_type=motorcycle) sees the two-wheeler rates the host set, as the quote
// prices them; a car, or no vehicle, the car rates.

/** A listing with lower two-wheeler rates for the hour and the month (none for the day: the car's applies). */
const listing = {
  id: 'p1',
  title: 'Basement bay at Forum Mall',
  currency: 'INR',
  instant_book: true,
  is_own: false,
  cancellation_policy: 'moderate',
  hourly_rate: 6000,
  daily_rate: 40000,
  weekly_rate: null,
  monthly_rate: 450000,
  two_wheelers_per_unit: 4,
  two_wheeler_hourly_rate: 2000,
  two_wheeler_daily_rate: null,
  two_wheeler_weekly_rate: 90000,
  two_wheeler_monthly_rate: 150000,
} as unknown as PublicListing;

/** The text of `node` on the listing page at `query`, and its links. */
function render(node: ReactNode, query = '') {
  const router = createMemoryRouter([{ path: '/parking/:id', element: node }], { initialEntries: [`/parking/p1${query}`] });
  const html = renderToStaticMarkup(<RouterProvider router={router} />);
  return {
    text: html
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
    links: [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')),
  };
}

describe('PriceCard', () => {
  it('a rider from a motorcycle search: the two-wheeler rates, said so; the car rate where none is set; no weekly rate the car does not have', () => {
    const { text, links } = render(<PriceCard listing={listing} />, '?start=2027-01-10T10:00:00%2B05:30&end=2027-01-10T12:00:00%2B05:30&vehicle_type=motorcycle');
    expect(text).toContain('₹20 per hour for a two-wheeler');
    expect(text).toMatch(/per hour ₹20 per day ₹400 per month ₹1,500/);
    expect(text).not.toContain('₹60');
    expect(text).not.toContain('₹900');
    // Book and the monthly pass carry the rider on, so the next steps quote the two-wheeler price
    expect(links).toContain('/booking_details/p1?start=2027-01-10T10%3A00%3A00%2B05%3A30&end=2027-01-10T12%3A00%3A00%2B05%3A30&vehicle_type=motorcycle');
    expect(links).toContain('/booking_details/p1?plan=monthly&vehicle_type=motorcycle');
  });

  it('a car, or no vehicle: the car rates', () => {
    for (const query of ['', '?vehicle_type=sedan']) {
      const { text, links } = render(<PriceCard listing={listing} />, query);
      expect(text).toContain('₹60 per hour');
      expect(text).not.toContain('two-wheeler');
      expect(text).toMatch(/per hour ₹60 per day ₹400 per month ₹4,500/);
      expect(links).toContain('/booking_details/p1?plan=monthly');
    }
  });
});

describe('MobileBookBar', () => {
  it('shows the rider’s lowest rate, the car’s otherwise', () => {
    expect(render(<MobileBookBar listing={listing} />, '?vehicle_type=motorcycle').text).toContain('From ₹20 /hour');
    expect(render(<MobileBookBar listing={listing} />).text).toContain('From ₹60 /hour');
  });
});
