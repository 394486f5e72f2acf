/**
 * The console's bookings: search, a booking's whole history, and an admin's refund. A refund goes the way
 * a cancellation's does (docs/decisions/009-admin-refunds.md): a pending refund line decided in the
 * transaction with its idempotency key (payments.decideRefund), the host's share reversed in the host
 * ledger (recordRefund), then carried out with the provider after the commit (settlePending). The
 * booking's status does not change.
 */
import { RAZORPAY_MIN_AMOUNT } from '../../payments/razorpay-provider';
import type { AdminBookingDetail, AdminBookingSummary, AdminBookingsQuery, AdminRefundInput } from '@parkly/shared/admin-bookings';
import { ADMIN_PAGE_SIZE } from '@parkly/shared/admin';
import { formatMoney } from '@parkly/shared/money';
import type { Queryable } from '../../../db/database';
import { AppError, badRequest, notFound } from '../../../lib/app-error';
import { bookingReference } from '../../bookings/booking-notices';
import { afterChange, type BookingDeps } from '../../bookings/bookings.service';
import { transition } from '../../bookings/lifecycle';
import { findLineByKey, findPaymentOf } from '../../payments/ledger.repository';
import { refundableOf } from '../../payments/payments.service';
import { recordAdminAction, type AdminActor } from '../admin-audit';
import * as repo from './admin-bookings.repository';
import { escapeLike } from '../../../db/like';

const bookingNotFound = () => notFound('Booking not found');
const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d ? iso(d) : null);

/** A search as the repository takes it: words for LIKE (escaped), and an id prefix when the words look like one. */
export function toSearch(q: AdminBookingsQuery): repo.BookingSearch {
  const text = q.q?.trim() || null;
  const hex = text
    ?.toLowerCase()
    .replace(/^pk-?/, '')
    .replace(/-/g, '');
  return {
    words: text ? escapeLike(text) : null,
    idPrefix: hex && /^[0-9a-f]{4,32}$/.test(hex) ? hex : null,
    status: q.status ?? null,
  };
}

function toSummary(r: repo.SummaryRow): AdminBookingSummary {
  return {
    id: r.id,
    reference: bookingReference(r.id),
    status: r.status,
    start: iso(r.starts),
    end: iso(r.ends),
    time_zone: r.time_zone,
    listing: { id: r.listing_id, title: r.title },
    guest: { id: r.guest_id, name: r.guest_name, email: r.guest_email },
    host: { id: r.host_id, name: r.host_name, email: r.host_email },
    currency: r.currency,
    total: r.total,
    paid: r.amount_paid,
    refunded: r.refunded,
    created_at: iso(r.created_at),
  };
}

/** GET admin/bookings. */
export async function searchBookings(db: Queryable, q: AdminBookingsQuery) {
  const { rows, total } = await repo.searchBookings(db, toSearch(q), ADMIN_PAGE_SIZE, (q.page - 1) * ADMIN_PAGE_SIZE);
  return { result: rows.map(toSummary), page: { page: q.page, page_size: ADMIN_PAGE_SIZE, total } };
}

/**
 * What an admin can still refund: what was charged less what went back, by the booking's own count
 * (refund_amount) and by the payment's (refund lines, a refund made in Stripe's dashboard included).
 */
async function refundableNow(db: Queryable, b: { id: string; amount_paid: number; refund_amount: number | null }) {
  if (b.amount_paid <= 0) return { paid: undefined, left: 0 };
  const paid = await findPaymentOf(db, b.id);
  if (!paid) return { paid: undefined, left: 0 };
  return { paid, left: Math.max(0, Math.min(b.amount_paid - (b.refund_amount ?? 0), await refundableOf(db, paid))) };
}

const SOURCE = (key: string, bookingId: string) =>
  key.startsWith(`${bookingId}:refund:admin:`) ? ('admin' as const) : key === `${bookingId}:refund` || key.endsWith(':demo:refund') ? ('cancellation' as const) : ('provider' as const);

/** GET admin/bookings/:id. */
export async function getBookingDetail(db: Queryable, id: string): Promise<AdminBookingDetail> {
  const r = await repo.findBookingDetail(db, id);
  if (!r) throw bookingNotFound();
  const [events, lines, ledger, refundable] = [await repo.findEvents(db, id), await repo.findPaymentLines(db, id), await repo.findLedgerEntries(db, id), await refundableNow(db, r)];
  const summary = toSummary(r);
  const bd = r.price_breakdown ?? {};
  return {
    ...summary,
    guest: { ...summary.guest, phone: r.guest_phone },
    host: { ...summary.host, phone: r.host_phone },
    payment_status: r.payment_status as AdminBookingDetail['payment_status'],
    card: r.card_brand && r.card_last4 ? { brand: r.card_brand, last4: r.card_last4 } : null,
    price: {
      lines: bd.lines ?? [],
      subtotal: r.subtotal,
      service_fee: r.service_fee,
      host_fee: r.host_fee,
      discount: bd.discount ?? 0,
      promo_code: bd.promo_code ?? null,
      total: r.total,
      cancellation_policy: bd.cancellation_policy ?? null,
      guest_fee_percent: bd.guest_fee_percent ?? null,
      host_commission_percent: bd.host_commission_percent ?? null,
    },
    cancelled_by: r.cancelled_by,
    cancel_reason: r.cancel_reason,
    decline_reason: r.decline_reason,
    refundable: refundable.left,
    messages: r.messages,
    events: events.map((e) => ({
      event: e.event as AdminBookingDetail['events'][number]['event'],
      from: e.from_status,
      to: e.to_status,
      by: e.actor_role,
      actor: e.actor_id && e.actor_name ? { id: e.actor_id, name: e.actor_name } : null,
      reason: e.reason,
      at: iso(e.created_at),
    })),
    payments: lines.map((p) => ({
      id: p.id,
      kind: p.kind,
      provider: p.provider,
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      idempotency_key: p.idempotency_key,
      provider_ref: p.provider_ref,
      failure_code: p.failure_code,
      attempts: p.attempts,
      created_at: iso(p.created_at),
      settled_at: isoOrNull(p.settled_at),
    })),
    refunds: lines
      .filter((p) => p.kind === 'refund')
      .map((p) => ({
        payment_id: p.id,
        amount: p.amount,
        status: p.status,
        source: SOURCE(p.idempotency_key, id),
        by: p.admin_id && p.admin_name ? { id: p.admin_id, name: p.admin_name } : null,
        reason: p.admin_reason ?? (SOURCE(p.idempotency_key, id) === 'cancellation' ? r.cancel_reason : null),
        created_at: iso(p.created_at),
      })),
    ledger: ledger.map((l) => ({ ...l, occurred_at: iso(l.occurred_at) })),
  };
}

const nothingPaid = () => new AppError('CONFLICT', 'Nothing was charged for this booking, so there is nothing to refund.');

/** POST admin/bookings/:id/refund: a refund of part or all of what is left, once per idempotency key. */
export async function refundBooking(deps: BookingDeps, actor: AdminActor, id: string, input: AdminRefundInput) {
  const key = `${id}:refund:admin:${input.idempotency_key.toLowerCase()}`;
  await deps.db.transaction(async (tx) => {
    const b = await repo.lockBookingMoney(tx, id);
    if (!b) throw bookingNotFound();
    // the key was used already (a double click, a retry after a lost answer): that refund stands, once
    const earlier = await findLineByKey(tx, key);
    if (earlier) {
      if (input.amount !== undefined && earlier.amount !== input.amount) {
        throw new AppError('CONFLICT', 'This refund was already made with another amount. Open the refund dialog again for a new refund.');
      }
      return;
    }
    const { paid, left } = await refundableNow(tx, b);
    if (!paid) throw nothingPaid();
    if (left <= 0 && input.full) throw new AppError('CONFLICT', 'Everything paid for this booking has been refunded already.');
    const amount = input.full ? left : input.amount!;
    if (amount > left) {
      if (left <= 0) throw badRequest('Everything paid for this booking has been refunded already.', { amount: 'Nothing is left to refund' });
      const most = formatMoney(left, b.currency);
      throw badRequest(`You can refund at most ${most}: what was paid less what was refunded already.`, { amount: `At most ${most}` });
    }
    // Razorpay refunds no less than ₹1 (decision 026): refused here rather than retried in vain
    if (paid.provider === 'razorpay' && amount < RAZORPAY_MIN_AMOUNT) {
      const least = formatMoney(RAZORPAY_MIN_AMOUNT, b.currency);
      throw badRequest(`Razorpay refunds at least ${least}.`, { amount: `At least ${least}` });
    }
    const before = { refund_amount: b.refund_amount ?? 0, payment_status: b.payment_status };
    // the process's refund event: the refund line, the payment status, the host's share reversed in the host
    // ledger (from pending or, the stay over, from available: decision 004), both people told; the status stays
    const { decided: paymentId } = await transition(tx, deps, b, 'refund', { role: 'admin', id: actor.id }, { input: { reason: input.reason, refund: { amount, paid, key } } });
    const after = { refund_amount: before.refund_amount + amount, payment_status: b.payment_status };
    await recordAdminAction(tx, actor, { action: 'booking.refund', subjectType: 'booking', subjectId: id, before, after: { ...after, payment_id: paymentId, amount }, reason: input.reason });
  });
  // the provider is asked after the commit; a failure stays pending and the lifecycle job retries it
  await afterChange(deps, id);
  return getBookingDetail(deps.db, id);
}
