/**
 * A monthly pass's Razorpay mandate as its payer leaves it (decision 045). Razorpay's token.* webhooks say when the
 * payer cancels or pauses it in their UPI app (or their bank cancels a card's, or rejects it), and token.confirmed
 * when a paused one works again. A stopped mandate is never charged (the renewal job sends the month straight to its
 * driver: monthly-renewals.ts claimFor), the driver is told at once that the next month needs their confirmation, and
 * the booking's `renews_with` says it is stopped. The driver's Checkout payment for that month sets up a new mandate,
 * which replaces this one (keepMandate), active.
 */
import type { MandateState } from '@parkly/shared/bookings';
import type { Queryable } from '../../db/database';
import { tellAboutRow } from './booking-notices';
import type { BookingDeps } from './bookings.service';
import * as repo from './bookings.repository';
import { lockMandateByToken, setMandateStatus } from './pass-periods.repository';

/** In the webhook's transaction: the mandate whose token this is takes `state`, unless Razorpay said something newer. */
export async function mandateChanged(tx: Queryable, deps: Pick<BookingDeps, 'publicUrl'>, tokenId: string, state: MandateState, at: Date) {
  const m = await lockMandateByToken(tx, tokenId);
  // a token no pass renews with (an old one replaced, another merchant's): nothing to do
  if (!m || m.status === state) return;
  if (m.status_at && new Date(m.status_at) > at) return;
  await setMandateStatus(tx, m.booking_id, state, at);
  // told once, when it stops (not again when a paused one is cancelled, nor when it works again)
  if (state === 'active' || m.status !== 'active') return;
  const b = await repo.findBookingRow(tx, m.booking_id);
  const renews = b && b.status === 'confirmed' && b.renews_at && !(b.ends_at && new Date(b.renews_at) >= new Date(b.ends_at));
  if (b && renews) await tellAboutRow(tx, deps, 'mandate_stopped', b, { mandate: { method: m.method, label: m.label, state } });
}
