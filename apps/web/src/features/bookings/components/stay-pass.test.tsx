import type { Booking } from '@parkly/shared/bookings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { iso, pass } from '../../../lib/pass-fixture';
import { bookingQueryOptions } from '../api/get-booking';
import BookingDetailsPage from '../booking-details-page';
import { showsGatePass } from './stay-pass';

// A stay's first booking completes at its own end while the time added to it runs on (decisions 039, 044): the
// driver who opens that booking at the gate still finds the stay's pass there (decision 046), with where the time
// added is. The pass itself comes from GET bookings/:id/pass, which answers it for that booking (gate-window.test.ts).

const HOUR = 3_600_000;
const FIRST = '4f1c2d3e-0000-4000-8000-0000000000a1';
const MORE = '4f1c2d3e-0000-4000-8000-0000000000b2';

/** The first booking of a stay, ended an hour ago, and its extension running for another hour (`more` over it). */
function stay(more: Partial<Booking> = {}) {
  const now = Date.now();
  const base = pass(-0.5, { plan: 'stay', period_end: null, renews_at: null, periods: null, refund_if_cancelled_now: null });
  const first: Booking = { ...base, id: FIRST, reference: 'PK-4F1C2D3E', status: 'completed', start: iso(now - 3 * HOUR), end: iso(now - HOUR), extends_booking_id: null, extended_by: [MORE] };
  const extension: Booking = { ...base, id: MORE, reference: 'PK-4F1C2D3F', status: 'confirmed', start: iso(now - HOUR), end: iso(now + HOUR), extends_booking_id: FIRST, extended_by: [], ...more };
  return { first, extension };
}

/** The driver's page of `b`, with the bookings GET bookings/:id would answer already loaded (markup as the server renders it). */
function page(b: Booking, others: Booking[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  for (const one of [b, ...others]) client.setQueryData(bookingQueryOptions(one.id).queryKey, one);
  const router = createMemoryRouter([{ path: '/parking/booking-details/:id', element: <BookingDetailsPage /> }], { initialEntries: [`/parking/booking-details/${b.id}`] });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

describe('the gate pass on a stay’s first booking once it has ended', () => {
  it('shows the stay’s pass while the time added runs on, saying until when and which booking holds the time', () => {
    const { first, extension } = stay();
    const out = page(first, [extension]);
    expect(out).toContain('Gate pass');
    expect(out).toMatch(/This booking ended at .* IST, and your stay goes on with the time you added until .* IST : this is still your pass, the same code for the whole stay\. The time added is booking PK-4F1C2D3F \./);
  });

  it('shows none once the whole stay is over, nor for a completed stay never extended', () => {
    const { first, extension } = stay({ status: 'completed', end: iso(Date.now() - 0.5 * HOUR) });
    expect(page(first, [extension])).not.toContain('Gate pass');
    expect(page({ ...first, extended_by: [] }, [])).not.toContain('Gate pass');
  });

  it('showsGatePass: a confirmed booking, or a completed one whose last extension is confirmed', () => {
    expect(showsGatePass({ status: 'confirmed', extended_by: [] }, undefined)).toBe(true);
    expect(showsGatePass({ status: 'completed', extended_by: [MORE] }, { status: 'confirmed' })).toBe(true);
    expect(showsGatePass({ status: 'completed', extended_by: [MORE] }, undefined)).toBe(false);
    expect(showsGatePass({ status: 'completed', extended_by: [MORE] }, { status: 'cancelled' })).toBe(false);
    expect(showsGatePass({ status: 'cancelled', extended_by: [MORE] }, { status: 'confirmed' })).toBe(false);
  });
});
