import { describe, expect, it } from 'vitest';
import { BOOKING_EVENTS, BOOKING_STATUSES, BOOKING_TRANSITIONS, eventsOpenTo, HOLDING_STATUSES, nextStatus, type BookingActor } from './booking-lifecycle';

const ACTORS: BookingActor[] = ['guest', 'host', 'admin', 'system'];

/** Every allowed move, written out by hand: the table must say exactly this. */
const ALLOWED = new Set([
  'pending_payment --pay_instant/guest--> confirmed',
  'pending_payment --pay_request/guest--> requested',
  'pending_payment --cancel/guest--> cancelled',
  'pending_payment --cancel/admin--> cancelled',
  'pending_payment --too_many_declines/system--> cancelled',
  'pending_payment --expire/system--> expired',
  'requested --accept/host--> confirmed',
  'requested --accept/admin--> confirmed',
  'requested --decline/host--> declined',
  'requested --decline/admin--> declined',
  'requested --cancel/guest--> cancelled',
  'requested --cancel/admin--> cancelled',
  'requested --capture_failed/system--> cancelled',
  'requested --expire/system--> expired',
  'confirmed --cancel/guest--> cancelled',
  'confirmed --cancel/host--> cancelled',
  'confirmed --cancel/admin--> cancelled',
  'confirmed --complete/system--> completed',
]);

describe('the booking transition table', () => {
  it('allows exactly the listed moves, for every status, event and actor', () => {
    const seen = new Set<string>();
    for (const from of BOOKING_STATUSES)
      for (const event of BOOKING_EVENTS)
        for (const actor of ACTORS) {
          const to = nextStatus(from, event, actor);
          if (to) seen.add(`${from} --${event}/${actor}--> ${to}`);
        }
    expect([...seen].sort()).toEqual([...ALLOWED].sort());
  });

  it('never leaves a final status', () => {
    for (const from of ['completed', 'cancelled', 'declined', 'expired'] as const) {
      for (const actor of ACTORS) expect(eventsOpenTo(from, actor)).toEqual([]);
    }
  });

  it('every state is reachable from pending_payment', () => {
    const reached = new Set(['pending_payment']);
    let grew = true;
    while (grew) {
      grew = false;
      for (const t of Object.values(BOOKING_TRANSITIONS))
        if (t.from.some((f) => reached.has(f)) && !reached.has(t.to)) {
          reached.add(t.to);
          grew = true;
        }
    }
    expect([...reached].sort()).toEqual([...BOOKING_STATUSES].sort());
  });

  it('the holding states are the ones a booking can leave', () => {
    expect([...HOLDING_STATUSES].sort()).toEqual(BOOKING_STATUSES.filter((s) => ACTORS.some((a) => eventsOpenTo(s, a).length > 0)).sort());
  });
});
