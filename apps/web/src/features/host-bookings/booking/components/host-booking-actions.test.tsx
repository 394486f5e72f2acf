import { describe, expect, it } from 'vitest';
import { DAY, iso, pass, text } from '../../../../lib/pass-fixture';
import { HostBookingActions } from './host-booking-actions';

// The host's actions on a monthly pass (decisions 037, 046): before its start the host may cancel it (the first
// month back in full) and is told it ends with notice once started; once started there is no cancel button (the
// server refuses it: monthly-passes.test.ts) and the pass is running, not "ended".

const asHost = (startsInDays: number, over: Parameters<typeof pass>[1] = {}) => pass(startsInDays, { viewer_role: 'host', host_payout: 255000, ...over });
const actions = (b: ReturnType<typeof pass>) => text(<HostBookingActions booking={b} reload={() => undefined} />);

describe('HostBookingActions on a monthly pass', () => {
  it('before its start: cancelling the pass (the first month back in full), and notice once it has started', () => {
    const out = actions(asHost(5));
    expect(out).toContain('Before the pass starts');
    expect(out).toMatch(/Aarav’s monthly pass starts on .* IST\. Until then, if you cannot host them after all, you can cancel it: they get the first month back in full/);
    expect(out).toContain('Once it has started it cannot be cancelled: it ends with notice, which you can give in the pass’s panel.');
    expect(out).toContain('Cancel pass');
    expect(out).not.toContain('Cancel booking');
    expect(out).not.toContain('is booked in');
  });

  it('once started: running, no cancel button, notice is the way to end it (or the end it gave)', () => {
    const running = actions(asHost(-3, { refund_if_cancelled_now: null }));
    expect(running).toContain('Pass running');
    expect(running).toContain('Aarav’s monthly pass is running and renews each month. A pass that has started cannot be cancelled: to end it, give notice in the pass’s panel.');
    expect(running).not.toMatch(/Cancel (pass|booking)/);
    expect(running).not.toContain('This stay has ended');
    const ending = actions(asHost(-3, { refund_if_cancelled_now: null, ends_at: iso(Date.now() + 27 * DAY) }));
    expect(ending).toMatch(/Aarav’s monthly pass is running until .* IST\. A pass that has started cannot be cancelled: notice has been given, and it ends then\./);
  });

  it('a stay keeps its own words', () => {
    const stay = actions(asHost(2, { plan: 'stay', end: iso(Date.now() + 2 * DAY + 3_600_000) }));
    expect(stay).toContain('Booking confirmed');
    expect(stay).toContain('Aarav is booked in.');
    expect(stay).toContain('Cancel booking');
  });
});
