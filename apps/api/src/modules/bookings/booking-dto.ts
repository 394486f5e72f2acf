import { isEarning } from '@parkly/shared/booking-lifecycle';
import type { Booking, BookingViewerRole, RefundPreview } from '@parkly/shared/bookings';
import { guestRefundPercent, refundAmount, refundChangesAt } from '@parkly/shared/cancellation';
import { CARD_BRAND_LABELS, type CardBrand } from '@parkly/shared/payment-methods';
import { toZonedIso } from '@parkly/shared/time';
import type { UrlOf } from '../listings/listing-dto';
import type { BookingViewRow, findEvents } from './bookings.repository';
import { bookingReference } from './booking-notices';
import { bookingReviewFields } from '../reviews/review-dto';

/** created_at is a string when the events come as JSON with the view (findBookingViewWithEvents) */
type EventRow = Omit<Awaited<ReturnType<typeof findEvents>>[number], 'created_at'> & { created_at: Date | string };

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** What cancelling now would give back, for the viewer's side; null when they cannot cancel now. */
export function refundPreview(
  row: Pick<BookingViewRow, 'status' | 'starts' | 'ends' | 'amount_paid' | 'total' | 'price_breakdown'> & { refund_amount?: number | null; payment_status?: string; plan?: string },
  role: BookingViewerRole,
  now = new Date(),
): RefundPreview | null {
  // what an admin refunded already does not come back twice (decision 009)
  const left = Math.max(0, row.amount_paid - (row.refund_amount ?? 0));
  const started = new Date(row.starts) <= now;
  // a monthly pass that has started ends with notice, not a cancellation (decision 037)
  if (row.plan === 'monthly' && row.status === 'confirmed' && started) return null;
  if (role === 'guest') {
    if (row.status === 'pending_payment') return { amount: 0, percent: 100, changes_at: null };
    // an authorisation is given back whole: nothing was taken; once accepted, its capture is under way
    if (row.status === 'requested') return row.payment_status === 'capturing' ? null : { amount: row.total, percent: 100, changes_at: null };
    if (row.status !== 'confirmed' || started) return null;
    const policy = row.price_breakdown.cancellation_policy;
    const percent = guestRefundPercent(policy, new Date(row.starts), now);
    const changes = refundChangesAt(policy, new Date(row.starts), now);
    return { amount: Math.min(left, refundAmount(row.amount_paid, percent)), percent, changes_at: changes?.toISOString() ?? null };
  }
  if (row.status !== 'confirmed' || new Date(row.ends) <= now) return null;
  return { amount: left, percent: 100, changes_at: null };
}

/**
 * `provider`: the server's payment provider (PAYMENT_PROVIDER). A pass's card saved with another one is not what renews
 * it here (the demo's simulated card on a Razorpay server: decision 045), so its driver is not told it is.
 */
export function toBooking(row: BookingViewRow, role: BookingViewerRole, urlOf: UrlOf, events: EventRow[] = [], opts: { now?: Date; provider?: string } = {}): Booking {
  const now = opts.now ?? new Date();
  const tz = row.time_zone;
  const confirmed = isEarning(row.status);
  const hostSide = role !== 'guest';
  return {
    id: row.id,
    reference: bookingReference(row.id),
    status: row.status,
    parking_id: row.listing_id,
    listing: {
      id: row.listing_id,
      title: row.title,
      parking_type: row.parking_type as Booking['listing']['parking_type'],
      locality: row.locality,
      city: row.city,
      time_zone: tz,
      cover_thumb_url: row.cover_thumb_key ? urlOf(row.cover_thumb_key) : null,
      instant_book: row.instant_book,
      cancellation_policy: row.price_breakdown.cancellation_policy,
    },
    start: toZonedIso(row.starts, tz),
    end: toZonedIso(row.ends, tz),
    unit_label: row.unit_label,
    vehicle: row.vehicle_id
      ? { id: row.vehicle_id, vehicle_type: row.vehicle_type as NonNullable<Booking['vehicle']>['vehicle_type'], make: row.make, model: row.model, color: row.color, plate: row.plate! }
      : null,
    lines: row.price_breakdown.lines ?? [],
    currency: row.currency,
    subtotal: row.subtotal,
    service_fee: row.service_fee,
    discount: row.price_breakdown.discount ?? 0,
    promo_code: row.price_breakdown.promo_code ?? null,
    total: row.total,
    host_fee: hostSide ? row.host_fee : null,
    host_payout: hostSide ? row.subtotal - row.host_fee : null,
    host_commission_percent: hostSide ? (row.price_breakdown.host_commission_percent ?? null) : null,
    payment_status: row.payment_status,
    card: role === 'guest' && row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    expires_at: (row.status === 'pending_payment' || row.status === 'requested') && row.hold_expires_at ? toZonedIso(row.hold_expires_at, tz) : null,
    access: confirmed
      ? {
          address: [row.address_line1, row.locality, row.city, row.state, row.postal_code].filter(Boolean).join(', '),
          lat: row.lat,
          lng: row.lng,
          access_instructions: row.access_instructions,
        }
      : null,
    host: { name: firstName(row.host_name), profile_image: row.host_profile_image },
    // the host learns the driver's full name once the booking is theirs to honour; a request shows the first name
    guest: { name: role === 'admin' || (hostSide && confirmed) ? row.guest_name : firstName(row.guest_name) },
    viewer_role: role,
    refund_if_cancelled_now: refundPreview(row, role, now),
    refund_amount: row.refund_amount,
    cancelled_by: row.cancelled_by,
    cancel_reason: row.cancel_reason,
    decline_reason: row.decline_reason,
    events: events.map((e) => ({
      event: e.event as Booking['events'][number]['event'],
      from: e.from_status,
      to: e.to_status,
      by: e.actor_role,
      reason: e.reason,
      at: toZonedIso(e.created_at, tz),
    })),
    created_at: new Date(row.created_at).toISOString(),
    extends_booking_id: row.extends_booking_id ?? null,
    extended_by: row.extended_by ?? [],
    ...bookingReviewFields(row, role, now),
    ...passFields(row, opts.provider),
    // the driver's card or UPI ID is theirs to see
    ...(role !== 'guest' && { renews_with: null }),
  };
}

const zonedOrNull = (at: Date | string | null | undefined, tz: string) => (at ? toZonedIso(at, tz) : null);

/** A monthly pass's fields (decision 037); a stay's say so, with nulls. */
/** What a pass renews with, in the driver's words: 'Visa ending 4242', 'UPI AutoPay · name@bank'. */
function renewsWith(r: BookingViewRow['renews_with'], provider: string | undefined) {
  if (!r || (provider && r.provider !== provider)) return null;
  const brand = CARD_BRAND_LABELS[r.brand as CardBrand] ?? 'Card';
  return { method: r.method, label: r.label ?? `${brand} ending ${r.last4 ?? ''}`.trim(), state: r.state ?? 'active' };
}

export function passFields(row: Pick<BookingViewRow, 'plan' | 'period_end' | 'renews_at' | 'ends_at' | 'notice_days' | 'notice_given_by' | 'notice_given_at' | 'periods' | 'time_zone' | 'renews_with'>, provider?: string) {
  const tz = row.time_zone;
  if (row.plan !== 'monthly') {
    return { plan: 'stay' as const, period_end: null, renews_at: null, notice_days: null, ends_at: null, notice_given_by: null, notice_given_at: null, periods: null, renews_with: null };
  }
  return {
    plan: 'monthly' as const,
    period_end: zonedOrNull(row.period_end, tz),
    // once the pass has its end it renews no more as far as its people are concerned (a renewal still due before
    // that end is charged: the periods show it)
    renews_at: row.ends_at ? null : zonedOrNull(row.renews_at, tz),
    notice_days: row.notice_days,
    ends_at: zonedOrNull(row.ends_at, tz),
    notice_given_by: row.notice_given_by,
    notice_given_at: zonedOrNull(row.notice_given_at, tz),
    periods: (row.periods ?? []).map((p) => ({
      n: p.n,
      start: toZonedIso(p.start, tz),
      end: toZonedIso(p.end, tz),
      total: p.total,
      payment_status: p.payment_status,
      paid_at: zonedOrNull(p.paid_at, tz),
      attempts: p.attempts,
      next_attempt_at: zonedOrNull(p.next_attempt_at, tz),
    })),
    renews_with: renewsWith(row.renews_with, provider),
  };
}
