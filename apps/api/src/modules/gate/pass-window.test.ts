import { describe, expect, it } from 'vitest';
import { gateEnd, runWindow, stayRun, type StayLink } from './pass-window';

// The run a gate pass covers (decision 044), on its own: which bookings of a stay's chain join up, and a monthly
// pass's end at the gate while its renewal is tried again. gate-window.test.ts drives both through HTTP.

const h = (n: number) => new Date(Date.UTC(2027, 0, 10, n));
const link = (id: string, from: number, to: number, over: Partial<StayLink> = {}): StayLink => ({ id, status: 'confirmed', extends_booking_id: null, starts: h(from), ends: h(to), plate: null, ...over });
const ids = (run: StayLink[]) => run.map((l) => l.id);

describe('stayRun', () => {
  const stay = link('stay', 8, 10);
  const more = link('more', 10, 11, { extends_booking_id: 'stay' });
  const again = link('again', 11, 12, { extends_booking_id: 'more' });

  it('joins the paid bookings end to start, from any of them', () => {
    for (const id of ['stay', 'more', 'again']) expect(ids(stayRun([stay, more, again], id))).toEqual(['stay', 'more', 'again']);
    expect(runWindow(stayRun([stay, more, again], 'more'))).toEqual({ starts: h(8), ends: h(12), status: 'confirmed' });
  });

  it('is confirmed while any booking of it is (the first completes at its own end)', () => {
    const run = stayRun([{ ...stay, status: 'completed' }, more], 'stay');
    expect(runWindow(run)).toMatchObject({ ends: h(11), status: 'confirmed' });
    expect(runWindow(stayRun([{ ...stay, status: 'completed' }, { ...more, status: 'completed' }], 'more')).status).toBe('completed');
  });

  it('leaves out what is not paid, and what a cancelled booking no longer joins', () => {
    expect(ids(stayRun([stay, { ...more, status: 'pending_payment' }], 'stay'))).toEqual(['stay']);
    expect(ids(stayRun([stay, { ...more, status: 'pending_payment' }], 'more'))).toEqual(['more']);
    // the middle one cancelled: the last one is a run of its own, under its own code
    const cut = [stay, { ...more, status: 'cancelled' as const }, again];
    expect(ids(stayRun(cut, 'stay'))).toEqual(['stay']);
    expect(ids(stayRun(cut, 'again'))).toEqual(['again']);
    // the first one cancelled by the host: its extension stands alone
    expect(ids(stayRun([{ ...stay, status: 'cancelled' }, more], 'more'))).toEqual(['more']);
  });

  it('answers nothing for a booking not in the chain', () => {
    expect(stayRun([stay], 'other')).toEqual([]);
  });
});

describe('gateEnd', () => {
  const renewsAt = new Date('2027-02-28T03:30:00Z');
  const pass = { plan: 'monthly', status: 'confirmed' as const, ends: renewsAt, renews_at: renewsAt, next_charge_at: new Date('2027-02-28T03:30:00Z'), renewal_retrying: true };

  it('is the last renewal try while one is being tried again, or a later try not made yet', () => {
    expect(gateEnd(pass).toISOString()).toBe('2027-03-02T03:30:00.000Z');
    expect(gateEnd({ ...pass, next_charge_at: new Date('2027-03-02T05:00:00Z') }).toISOString()).toBe('2027-03-02T05:00:00.000Z');
  });

  it('is the end otherwise: a stay, a pass paid up, a pass that lapsed, one whose notice ends it later', () => {
    expect(gateEnd({ ...pass, plan: 'stay' })).toEqual(renewsAt);
    expect(gateEnd({ ...pass, renewal_retrying: false })).toEqual(renewsAt);
    expect(gateEnd({ ...pass, status: 'completed' })).toEqual(renewsAt);
    const later = new Date('2027-03-31T03:30:00Z');
    expect(gateEnd({ ...pass, ends: later })).toEqual(later);
  });
});
