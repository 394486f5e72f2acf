/**
 * Test support: a monthly pass as GET bookings/:id answers it, and a component's text as a reader gets it (the
 * markup rendered on the server, tags dropped). Shared by the driver's and the host's pass tests; imported by
 * tests only.
 */
import type { Booking } from '@parkly/shared/bookings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';

export const text = (node: ReactNode) => {
  const router = createMemoryRouter([{ path: '/', element: <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider> }]);
  return renderToStaticMarkup(<RouterProvider router={router} />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
};

export const DAY = 86_400_000;
export const iso = (ms: number) => new Date(ms).toISOString();

/** A confirmed pass of the driver's, starting `startsInDays` from now, as GET bookings/:id answers it. */
export function pass(startsInDays: number, over: Partial<Booking> = {}): Booking {
  const start = Date.now() + startsInDays * DAY;
  return {
    id: '4f1c2d3e-0000-4000-8000-000000000001',
    reference: 'PK-4F1C2D3E',
    status: 'confirmed',
    parking_id: 'p1',
    listing: { id: 'p1', title: 'Society bay', parking_type: 'covered_lot', locality: 'Indiranagar', city: 'Bengaluru', time_zone: 'Asia/Kolkata', cover_thumb_url: null, instant_book: true, cancellation_policy: 'moderate' },
    start: iso(start),
    end: iso(start + 30 * DAY),
    unit_label: 'Space 1',
    vehicle: null,
    lines: [],
    currency: 'INR',
    subtotal: 300000,
    service_fee: 15000,
    total: 315000,
    host_fee: null,
    host_payout: null,
    payment_status: 'paid',
    card: { brand: 'visa', last4: '4242' },
    expires_at: null,
    access: null,
    host: { name: 'Priya', profile_image: null },
    guest: { name: 'Aarav' },
    viewer_role: 'guest',
    refund_if_cancelled_now: { amount: 315000, percent: 100, changes_at: iso(start - DAY) },
    refund_amount: null,
    cancelled_by: null,
    cancel_reason: null,
    decline_reason: null,
    events: [],
    created_at: iso(Date.now()),
    plan: 'monthly',
    period_end: iso(start + 30 * DAY),
    renews_at: iso(start + 30 * DAY),
    ends_at: null,
    notice_days: 30,
    notice_given_by: null,
    notice_given_at: null,
    periods: [{ n: 1, start: iso(start), end: iso(start + 30 * DAY), total: 315000, payment_status: 'paid', paid_at: iso(Date.now()), attempts: 1, next_attempt_at: null }],
    ...over,
  } as Booking;
}
