import { describe, expect, it } from 'vitest';
import { MonthlyPass } from '../../../components/booking/monthly-pass';
import { canOfferExtension } from './extend-stay';
import { PassCancellation } from './pass-cancellation';
import { DAY, iso, pass, text } from '../../../lib/pass-fixture';

// A monthly pass's panel in its own words (decision 038): before its start, how it cancels; once a renewal has
// failed, until when the gate still lets the driver in (decision 044).

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
