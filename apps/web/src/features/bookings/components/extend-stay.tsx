/**
 * "Extend": more time on a confirmed stay that is under way or about to end (decision 039). The panel offers
 * the next free half-hour steps on the same space with their prices, and pays in one step with the driver's
 * default saved card; without one, the hold goes to the pay screen's card form.
 */
import type { Booking } from '@parkly/shared/bookings';
import { EXTEND_OFFER_HOURS, type ExtensionOptions } from '@parkly/shared/extensions';
import { CARD_BRAND_LABELS, expiryInFuture } from '@parkly/shared/payment-methods';
import { formatDateTime, formatStayLength, formatTime, zoneAbbreviation } from '@parkly/shared/time';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Clock } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useAppConfig } from '../../../lib/use-app-config';
import { formatMoney } from '../../../lib/money';
import { useCreateExtension } from '../api/create-extension';
import { usePayBooking } from '../../checkout/api/pay-booking';
import { usePaymentMethods } from '../../payment-methods/api/get-payment-methods';
import { bookingKeys } from '../api/booking-keys';
import { useCancelBooking } from '../api/cancel-booking';
import { useExtensionOptions } from '../api/get-extension-options';
import { useLastExtension } from '../../../components/booking/extension-links';

const HOUR = 3600_000;

/**
 * The driver may ask for more time: the stay (`b`, ending now at `tail`'s end: its last paid extension, or
 * itself) is confirmed, has not ended, and is under way or ends within EXTEND_OFFER_HOURS. A monthly pass has no
 * end to extend (the API answers NOT_EXTENDABLE): it is never offered.
 */
export function canOfferExtension(b: Booking, tail: Booking, now = Date.now()) {
  if (b.viewer_role !== 'guest' || tail.status !== 'confirmed' || b.plan === 'monthly') return false;
  const end = Date.parse(tail.end);
  return end > now && (Date.parse(b.start) <= now || end - now <= EXTEND_OFFER_HOURS * HOUR);
}

const STOP_TEXT: Record<ExtensionOptions['stop'], string> = {
  taken: 'Someone else has booked this space after that.',
  closed: 'The space closes after that.',
  blacked_out: 'The host has blocked the time after that.',
  too_long: 'The space cannot be booked for longer in one stay.',
  not_priced: 'The host does not offer a rate for longer.',
  limit: '',
};

/** What went wrong, in plain words: the error codes the two calls answer. */
function failureText(err: unknown) {
  if (!(err instanceof ApiError)) return 'Something went wrong. Please try again.';
  switch (err.code) {
    case 'SLOT_TAKEN':
      return 'Someone has just booked this space for part of that time. Choose a shorter time from the updated list.';
    case 'PAYMENT_DECLINED':
    case 'TOO_MANY_DECLINES':
      return `Your card was declined, and nothing was charged. ${err.message}`;
    case 'PAYMENT_UNAVAILABLE':
      return 'The payment service is not answering. Nothing was charged: please try again in a minute.';
    default:
      return err.message;
  }
}

/** The section on the driver's booking page of a confirmed stay; it stays to say so once more time is paid. */
export function ExtendStay({ booking: b }: { booking: Booking }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<Booking | null>(null);
  const panelId = useId();
  const last = useLastExtension(b);
  // the stay ends now where its last paid extension ends
  const tail = b.extended_by?.length ? (last.data ?? done) : b;
  if (!tail || (!done && !canOfferExtension(b, tail))) return null;
  const offer = canOfferExtension(b, tail);
  const zone = tail.listing.time_zone;
  return (
    <section aria-labelledby="extend-heading" className="rounded-2xl border border-brand-200 bg-brand-50/60 p-5 shadow-sm sm:p-6">
      <h2 id="extend-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Clock aria-hidden="true" className="size-5 text-brand-700" /> Need more time?
      </h2>
      {done ? (
        <p role="status" className="mt-3 flex items-start gap-2 text-emerald-900">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>
            Done: your stay now ends at <strong>{formatDateTime(done.end, zone)}</strong> {zoneAbbreviation(zone, new Date(done.end))}. Receipt {done.reference}.
          </span>
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-700">
          Your stay ends at {formatTime(tail.end, zone)}. Add time in half-hour steps on the same space, priced with your stay.
        </p>
      )}
      {!offer ? null : !open ? (
        <Button className="mt-4" aria-expanded={false} aria-controls={panelId} onClick={() => setOpen(true)}>
          {done ? 'Extend again' : 'Extend'}
        </Button>
      ) : (
        <ExtendPanel
          id={panelId}
          stay={b}
          tail={tail}
          onDone={(paid) => {
            setDone(paid);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </section>
  );
}

function ExtendPanel({ id, stay, tail, onDone, onClose }: { id: string; stay: Booking; tail: Booking; onDone: (b: Booking) => void; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const name = useId();
  const options = useExtensionOptions(tail.id, true);
  const cards = usePaymentMethods();
  const config = useAppConfig();
  const create = useCreateExtension();
  const pay = usePayBooking();
  const cancel = useCancelBooking();
  const [chosen, setChosen] = useState<string | null>(null);
  const [held, setHeld] = useState<Booking | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const zone = tail.listing.time_zone;
  const list = options.data?.options ?? [];
  const end = chosen ?? list[0]?.end ?? null;
  const option = list.find((o) => o.end === end) ?? null;
  const provider = config.data?.payment_provider;
  // one step with the default saved card of the server's provider; otherwise (none, or Razorpay Checkout) the pay screen
  const usable = (cards.data ?? []).filter((c) => expiryInFuture(c.exp_month, c.exp_year) && (provider === undefined || c.provider === provider));
  const card = provider === 'razorpay' ? undefined : (usable.find((c) => c.is_default) ?? usable[0]);

  async function extend() {
    if (!option) return;
    setFailure(null);
    setBusy(true);
    let hold = held;
    try {
      // a hold of another length from an earlier try is let go first: it holds the same unit
      if (hold && hold.end !== option.end) {
        await cancel.mutateAsync({ id: hold.id });
        hold = null;
      }
      hold ??= await create.mutateAsync({ parking_id: tail.parking_id, start: tail.end, end: option.end, extends_booking_id: tail.id });
      setHeld(hold);
      if (!card) {
        void navigate(`/Paymentstripe?booking=${encodeURIComponent(hold.id)}`);
        return;
      }
      const paid = await pay.mutateAsync({ id: hold.id, input: { payment_method_id: card.id } });
      setHeld(null);
      await queryClient.invalidateQueries({ queryKey: bookingKeys.detail(stay.id) });
      onDone(paid);
    } catch (err) {
      // the bank wants the payer to confirm (3-D Secure): the pay screen does that
      if (hold && err instanceof ApiError && err.code === 'PAYMENT_ACTION_REQUIRED') {
        void navigate(`/Paymentstripe?booking=${encodeURIComponent(hold.id)}`);
        return;
      }
      if (err instanceof ApiError && (err.code === 'SLOT_TAKEN' || err.code === 'TOO_MANY_DECLINES')) setHeld(null);
      if (err instanceof ApiError && err.code === 'SLOT_TAKEN') void options.refetch();
      setFailure(failureText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    // on a phone the support chat's launcher floats 0.75 + 3 rem from the right edge, past the page's and this card's
    // padding (1 + 1.25 rem): the panel keeps the rest clear, so the launcher never covers an option or its price
    <div id={id} className="mt-4 space-y-4 max-sm:pr-6">
      {options.isPending ? (
        <p className="text-sm text-slate-600">Finding the free time after your stay…</p>
      ) : options.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {options.error.message}
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-900">No more time can be added right after your stay. {STOP_TEXT[options.data.stop]}</p>
      ) : (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-900">Extend until</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {list.map((o) => (
              <label
                key={o.end}
                className="flex min-h-12 cursor-pointer items-center justify-between gap-3 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-600"
              >
                <span className="flex items-center gap-2">
                  <input type="radio" name={name} value={o.end} checked={o.end === end} onChange={() => setChosen(o.end)} className="size-4 accent-brand-700" />
                  <span>
                    <span className="font-medium text-slate-900">{formatTime(o.end, zone)}</span>
                    <span className="block text-xs text-slate-600">+{formatStayLength(o.minutes)}</span>
                  </span>
                </span>
                <span className="tabular-nums text-slate-900">{formatMoney(o.total, options.data.currency)}</span>
              </label>
            ))}
          </div>
          {options.data.stop !== 'limit' && <p className="mt-2 text-xs text-slate-600">{STOP_TEXT[options.data.stop]}</p>}
        </fieldset>
      )}
      {option && (
        <>
          <p className="text-sm text-slate-700">
            {card ? (
              <>
                Paid with your {CARD_BRAND_LABELS[card.brand as keyof typeof CARD_BRAND_LABELS] ?? card.brand} card ending {card.last4}. Confirmed at once: the host has
                already accepted your stay.
              </>
            ) : (
              'You will enter a card on the next screen.'
            )}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => void extend()} disabled={busy || cards.isPending}>
              {busy ? 'Extending…' : card ? `Pay ${formatMoney(option.total, options.data!.currency)} and extend` : 'Continue to payment'}
            </Button>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Not now
            </Button>
          </div>
        </>
      )}
      {failure && (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p>{failure}</p>
          {held && (
            <p className="mt-1">
              The time stays held for you for a few minutes:{' '}
              <Link className="font-semibold underline" to={`/Paymentstripe?booking=${encodeURIComponent(held.id)}`}>
                pay with another card
              </Link>
              .
            </p>
          )}
        </div>
      )}
    </div>
  );
}
