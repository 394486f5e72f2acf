/**
 * The host ledger's side of the booking process (docs/decisions/004-host-ledger.md): each event declares
 * its entry (booking-process.ts) and lifecycle.transition writes it in the event's transaction, so every
 * path (paying, accepting, cancelling, the clock, an admin's refund) writes the same entries:
 * - confirmed: an earning (gross = subtotal, commission = host fee), pending until the stay is over;
 * - completed: the booking's pending money clears to available;
 * - a confirmed booking cancelled: the host's share of the refund is reversed, what is left clears.
 * Each entry has a key ('booking:<id>:earning', ...), so running this twice writes once.
 */
import type { BookingStatus } from '@parkly/shared/catalog';
import type { Queryable } from '../../db/database';
import * as ledger from './host-ledger.repository';

export interface LedgerTransition {
  bookingId: string;
  from: BookingStatus;
  to: BookingStatus;
  /**
   * the booking's refund_amount after this change: everything the guest got back, an admin's earlier
   * refunds included (decision 009), if anything
   */
  refund?: number | null;
}

/**
 * The ledger's entry for a step of the booking process (booking-process.ts declares which): an earning on
 * confirmation; clearing when the stay is over; a cancellation's reversal of the host's share, then clearing;
 * an admin refund's reversal (`refund` with its `key`: decision 009).
 */
export type LedgerStep = 'earning' | 'period_earning' | 'clear' | 'reverse_and_clear' | 'reverse' | null;

export async function recordLedgerStep(tx: Queryable, step: LedgerStep, t: { bookingId: string; refund?: number | null; key?: string; period?: number }) {
  if (step === 'earning') await recordEarning(tx, t.bookingId);
  else if (step === 'period_earning') await recordPeriodEarning(tx, t.bookingId, t.period!);
  else if (step === 'clear') await clearBooking(tx, t.bookingId);
  else if (step === 'reverse_and_clear') {
    // the reversal is of what this cancellation adds to the refunds the ledger already has
    const added = (t.refund ?? 0) - (await ledger.findBookingLedgerState(tx, t.bookingId)).refunded;
    if (added > 0) await recordRefund(tx, t.bookingId, added, `booking:${t.bookingId}:reversal`);
    await clearBooking(tx, t.bookingId);
  } else if (step === 'reverse') await recordRefund(tx, t.bookingId, t.refund ?? 0, t.key!);
}

/** The ledger's entry for a change of status (the steps booking-process.ts declares, by status). */
export async function recordBookingTransition(tx: Queryable, t: LedgerTransition) {
  const step: LedgerStep = t.to === 'confirmed' ? 'earning' : t.to === 'completed' ? 'clear' : t.to === 'cancelled' && t.from === 'confirmed' ? 'reverse_and_clear' : null;
  await recordLedgerStep(tx, step, t);
}

/** The earning (gross = subtotal, commission = host fee, the rest pending), read from the booking as it is written. */
async function recordEarning(tx: Queryable, bookingId: string) {
  await ledger.insertEarning(tx, bookingId, ledger.earningKey(bookingId));
}

/**
 * A monthly pass's period n (n >= 2) was paid (decision 037): the periods before it are over, so what they have
 * pending clears to available (key 'booking:<id>:cleared:<n-1>'), and the period's earning is written pending
 * (key 'booking:<id>:earning:<n>'), its figures from the period's row. Each once, whatever runs it again.
 */
async function recordPeriodEarning(tx: Queryable, bookingId: string, n: number) {
  const state = await ledger.findBookingLedgerState(tx, bookingId);
  const b = await ledger.findBookingMoney(tx, bookingId);
  if (!b) return;
  if (state.pending > 0) {
    await ledger.insertEntry(tx, {
      hostId: b.host_id,
      kind: 'cleared',
      key: `booking:${b.id}:cleared:${n - 1}`,
      currency: b.currency,
      bookingId: b.id,
      listingId: b.listing_id,
      pending: -state.pending,
      available: state.pending,
    });
  }
  await ledger.insertPeriodEarning(tx, bookingId, n, `booking:${bookingId}:earning:${n}`);
}

/** The booking is over (stayed, or cancelled): what it still has pending becomes available. */
async function clearBooking(tx: Queryable, bookingId: string) {
  const state = await ledger.findBookingLedgerState(tx, bookingId);
  // a monthly pass clears each period's earning as the next is paid: what is pending still is its last period's
  if (!state.earned || (state.cleared && state.pending === 0)) return;
  const b = (await ledger.findBookingMoney(tx, bookingId))!;
  await ledger.insertEntry(tx, {
    hostId: b.host_id,
    kind: 'cleared',
    key: `booking:${b.id}:cleared`,
    currency: b.currency,
    bookingId: b.id,
    listingId: b.listing_id,
    pending: -state.pending,
    available: state.pending,
  });
}

/** `part` of `whole`, in proportion refunded/total, rounded half up to whole paise (as the migration's backfill). */
export const shareOf = (whole: number, refunded: number, total: number) => (total > 0 ? Math.floor((2 * whole * refunded + total) / (2 * total)) : 0);

/**
 * Reverses the host's share of a refund of `refund` to the guest: the gross and the commission each
 * shrink by refund/total of the booking. Shares are taken of the running total refunded, so several
 * refunds of one booking add up to exactly the share of their sum, and a full refund reverses all.
 * Before the booking cleared the reversal comes out of pending; after, out of available (which may
 * then go below zero: carried, never lost). `key` makes it once per refund (the admin console passes
 * 'refund:<payment id>' for each of its refunds, before or after the stay: decision 009).
 */
export async function recordRefund(tx: Queryable, bookingId: string, refund: number, key: string) {
  const state = await ledger.findBookingLedgerState(tx, bookingId);
  const b = await ledger.findBookingMoney(tx, bookingId);
  if (!b || !state.earned) return false;
  const before = Math.min(state.refunded, b.total);
  const after = Math.min(state.refunded + refund, b.total);
  if (after <= before) return false;
  const gross = shareOf(b.subtotal, after, b.total) - shareOf(b.subtotal, before, b.total);
  const commission = shareOf(b.host_fee, after, b.total) - shareOf(b.host_fee, before, b.total);
  const net = gross - commission;
  return ledger.insertEntry(tx, {
    hostId: b.host_id,
    kind: 'reversal',
    key,
    currency: b.currency,
    bookingId: b.id,
    listingId: b.listing_id,
    gross: -gross,
    commission: -commission,
    ...(state.cleared ? { available: -net } : { pending: -net }),
    guestRefund: after - before,
  });
}
