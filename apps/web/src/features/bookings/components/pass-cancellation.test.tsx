import type { Booking } from '@parkly/shared/bookings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MonthlyPass } from '../../../components/booking/monthly-pass';
import { canOfferExtension } from './extend-stay';
import { PassCancellation } from './pass-cancellation';

// A monthly pass's panel in its own words (decision 038): before its start, how it cancels; once a renewal has
// failed, until when the gate still lets the driver in (decision 044).

const text = (node: ReactNode) => {
  const router = createMemoryRouter([{ path: '/', element: <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider> }]);
  return renderToStaticMarkup(<RouterProvider router={router} />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
};

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A confirmed pass of the driver's, starting `startsInDays` from now, as GET bookings/:id answers it. */
function pass(startsInDays: number, over: Partial<Booking> = {}): Booking {
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

describe('PassCancellation', () => {
  it('before the start: cancelling under the listing’s policy until then, the refund now, notice after', () => {
    const out = text(<PassCancellation booking={pass(5)} />);
    expect(out).toMatch(/Before it starts Until it starts on .* IST, you can cancel this pass under the listing’s Moderate cancellation policy: full refund until 24 hours before the start, 50% after that\./);
    expect(out).toContain('If you cancel now: Full refund: ₹3,150 back to your card.');
    expect(out).toContain('Once it has started it cannot be cancelled: give notice to end it.');
    expect(out).toContain('Cancel pass');
  });

  it('says nothing once the pass has started, to the host, or when the server says it cannot be cancelled', () => {
    expect(text(<PassCancellation booking={pass(-1, { refund_if_cancelled_now: null })} />).trim()).toBe('');
    expect(text(<PassCancellation booking={pass(-0.01)} />).trim()).toBe('');
    expect(text(<PassCancellation booking={pass(5, { viewer_role: 'host' })} />).trim()).toBe('');
    expect(text(<PassCancellation booking={pass(5, { refund_if_cancelled_now: null })} />).trim()).toBe('');
  });
});

describe('MonthlyPass before its start', () => {
  it('says when it starts and its first period, not "started"', () => {
    const out = text(<MonthlyPass booking={pass(5)} notice={{ giveNotice: () => Promise.resolve(pass(5)), busy: false }} />);
    expect(out).toContain('Starts ');
    expect(out).toContain('First period');
    expect(out).not.toContain('Started');
    expect(text(<MonthlyPass booking={pass(-3)} notice={{ giveNotice: () => Promise.resolve(pass(-3)), busy: false }} />)).toContain('Started ');
  });
});

describe('MonthlyPass: a renewal being tried again', () => {
  it('says until when the gate pass keeps working: the last try, two days into the month it could not pay for', () => {
    const b = pass(-29);
    const renews = Date.parse(b.renews_at!);
    const retrying = { n: 2, start: iso(renews), end: iso(renews + 30 * DAY), total: 315000, payment_status: 'retrying' as const, paid_at: null, attempts: 1, next_attempt_at: iso(renews) };
    const out = text(<MonthlyPass booking={{ ...b, periods: [...b.periods!, retrying] }} notice={{ giveNotice: () => Promise.resolve(b), busy: false }} />);
    const at = (ms: number) => new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(ms);
    expect(out).toContain(`We try your card again on ${at(renews)} IST. Your gate pass keeps working until the last try, on ${at(renews + 2 * DAY)} IST. If that fails too, the pass ends with the month already paid`);
    // the last try: said once
    const lastTry = { ...retrying, attempts: 2, next_attempt_at: iso(renews + 2 * DAY) };
    const host = text(<MonthlyPass booking={{ ...b, viewer_role: 'host', periods: [...b.periods!, lastTry] }} notice={{ giveNotice: () => Promise.resolve(b), busy: false }} />);
    expect(host).toContain(`Parkly tries the driver’s card one last time on ${at(renews + 2 * DAY)} IST; the driver’s gate pass keeps working until then. If that fails too`);
  });
});

describe('MonthlyPass: a month waiting on its driver (decision 042)', () => {
  it('asks the driver to confirm it (their page gives the button); tells the host it waits, with no button', () => {
    const b = pass(-29);
    const renews = Date.parse(b.renews_at!);
    const waiting = { n: 2, start: iso(renews), end: iso(renews + 30 * DAY), total: 315000, payment_status: 'action_required' as const, paid_at: null, attempts: 1, next_attempt_at: iso(renews) };
    const booking = { ...b, periods: [...b.periods!, waiting] };
    const notice = { giveNotice: () => Promise.resolve(b), busy: false };
    const driver = text(<MonthlyPass booking={booking} notice={notice} confirm={(p) => <button type="button">Confirm month {p.n}</button>} />);
    expect(driver).toContain('This month’s payment needs you');
    expect(driver).toContain('could not be taken without you');
    expect(driver).toContain('We try your saved payment method again on');
    expect(driver).toContain('Confirm month 2');
    expect(driver).toContain('Waiting for your confirmation');
    const host = text(<MonthlyPass booking={{ ...booking, viewer_role: 'host' }} notice={notice} confirm={(p) => <button type="button">Confirm month {p.n}</button>} />);
    expect(host).toContain('The renewal is waiting for the driver');
    expect(host).toContain('Parkly tries the driver’s saved payment method again on');
    expect(host).toContain('Waiting for the driver');
    expect(host).not.toContain('Confirm month 2');
  });
});

describe('a running pass and more time', () => {
  it('is never offered: a pass has no end to extend, unlike a stay under way', () => {
    const running = pass(-1);
    expect(canOfferExtension(running, running)).toBe(false);
    const stay = { ...running, plan: 'stay' as const, end: iso(Date.now() + 3_600_000) };
    expect(canOfferExtension(stay, stay)).toBe(true);
  });
});
