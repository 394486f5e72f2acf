import type { Booking, RecurringMethod } from '@parkly/shared/bookings';
import type { RazorpayCheckoutAction } from '@parkly/shared/errors';
import { CARD_BRAND_LABELS, type PaymentMethod } from '@parkly/shared/payment-methods';
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, Info, Landmark, Lock, QrCode, Repeat, Smartphone, Wallet } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/money';
import { bookingKeys } from '../../bookings/api/booking-keys';
import { usePaymentMethods } from '../../payment-methods/api/get-payment-methods';
import { usePayBooking, type PayBookingVariables } from '../api/pay-booking';
import { successPath } from '../lib/checkout-paths';
import { rememberHold } from '../lib/hold-memory';
import { isRazorpayAction, openRazorpayCheckout, razorpayScriptQueryOptions } from '../../../lib/payments/razorpay-checkout';
import { Card } from './card';
import { PaymentFailure, type PaymentFailureInfo } from '../../../components/payment/payment-failure';
import { RenewalMethodChoice } from '../../../components/payment/renewal-method-choice';

const WAYS = [
  { icon: Smartphone, label: 'UPI', hint: 'any UPI app, a QR code or your UPI ID' },
  { icon: CreditCard, label: 'Cards', hint: 'debit and credit' },
  { icon: Landmark, label: 'Netbanking', hint: 'all major banks' },
  { icon: Wallet, label: 'Wallets', hint: 'pay from your wallet balance' },
] as const;

type Stage = 'idle' | 'starting' | 'open' | 'confirming';
const BUTTON_TEXT: Record<Exclude<Stage, 'idle'>, string> = {
  starting: 'Opening Razorpay…',
  open: 'Finish paying in the Razorpay window',
  confirming: 'Confirming your payment…',
};

/** Saved cards belong to the provider they were saved with; Razorpay keeps its own, so none is payable here. */
function SavedElsewhere({ cards }: { cards: PaymentMethod[] }) {
  return (
    <div className="mt-5 border-t border-slate-100 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Your saved cards</h3>
      <ul className="mt-2 space-y-2">
        {cards.map((c) => (
          <li key={c.id} className="flex items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-3 py-2.5 text-sm">
            <CreditCard aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
            <span className="min-w-0">
              <span className="block font-semibold text-slate-700">
                {CARD_BRAND_LABELS[c.brand]} ending {c.last4}
              </span>
              <span className="block text-slate-600">Saved for card payments before Razorpay; not usable here.</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex gap-2 text-xs text-slate-600">
        <Info aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
        Razorpay remembers your cards and UPI IDs itself, by your phone number, inside its window.
      </p>
    </div>
  );
}

/**
 * Paying with Razorpay Checkout: the server makes (or reuses) the booking's order and answers a 402 with
 * what Checkout needs; Checkout takes the payment in its own window (UPI, card, netbanking, wallet) and
 * the page passes on what it says: the signed fields of a payment, or the id of a failed one. Only the
 * server's answer says whether the booking is paid.
 */
export function RazorpayPayForm({ booking, checkoutUrl }: { booking: Booking; checkoutUrl: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pay = usePayBooking();
  const cards = usePaymentMethods();
  const [stage, setStage] = useState<Stage>('idle');
  const [failure, setFailure] = useState<PaymentFailureInfo | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [closed, setClosed] = useState(false);
  // a monthly pass's first payment also sets up its renewals (decision 042): by UPI AutoPay or a card
  const pass = booking.plan === 'monthly';
  const [method, setMethod] = useState<RecurringMethod>('upi');
  const total = formatMoney(booking.total, booking.currency);
  // Checkout's window lives outside React: it closes when this form goes (the hold ran out, the payer left)
  const leaving = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort();
  }, []);

  const send = (input: PayBookingVariables['input']) => pay.mutateAsync({ id: booking.id, input });
  const paid = (result: Booking) => {
    rememberHold(booking.parking_id, null);
    navigate(successPath(result.id), { replace: true });
  };
  const refreshBooking = () => void queryClient.invalidateQueries({ queryKey: bookingKeys.detail(booking.id) });

  /** The order to pay: a 402 with Checkout's action (a 200 means it was paid meanwhile, by a webhook). */
  async function order(): Promise<RazorpayCheckoutAction | Booking> {
    try {
      return await send({ razorpay: pass ? { method } : {} });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'PAYMENT_ACTION_REQUIRED' && isRazorpayAction(err.action)) return err.action;
      throw err;
    }
  }

  async function start() {
    setFailure(null);
    setLoadFailed(false);
    setClosed(false);
    setStage('starting');
    let confirming = false;
    try {
      const action = await order();
      if (!isRazorpayAction(action)) return paid(action);
      let Razorpay;
      try {
        Razorpay = await queryClient.fetchQuery(razorpayScriptQueryOptions(checkoutUrl));
      } catch {
        return setLoadFailed(true);
      }
      setStage('open');
      const outcome = await openRazorpayCheckout(Razorpay, action, leaving.current?.signal);
      if (leaving.current?.signal.aborted) return;
      if (outcome.kind === 'dismissed') return setClosed(true);
      confirming = true;
      setStage('confirming');
      if (outcome.kind === 'paid') return paid(await send(outcome.response));
      if (!outcome.report) return setFailure({ message: 'The payment did not go through, so nothing was taken. Try again, or pay another way.', declined: true, held: true });
      // Razorpay's word on the failed attempt, fetched by the server: a decline, or (rarely) paid after all
      paid(await send(outcome.report));
    } catch (err) {
      showFailure(err, confirming);
    } finally {
      setStage('idle');
    }
  }

  function showFailure(err: unknown, confirming: boolean) {
    const code = err instanceof ApiError ? err.code : 'NETWORK';
    if (code === 'TOO_MANY_DECLINES') {
      // the hold is released: the screen follows the booking, which now says so and offers to book again
      rememberHold(booking.parking_id, null);
      return refreshBooking();
    }
    if (code === 'PAYMENT_DECLINED') return setFailure({ message: (err as ApiError).message, declined: true, held: true });
    if (confirming && (code === 'NETWORK' || code === 'INTERNAL' || code === 'PAYMENT_UNAVAILABLE')) {
      // the payer may have paid: Razorpay's webhook confirms the booking without us, so no second payment
      refreshBooking();
      return setFailure({
        message: 'We could not confirm your payment just now. If money was taken, your booking confirms by itself within a few minutes: check My Bookings before paying again.',
        declined: false,
      });
    }
    // CONFLICT (not the payment this booking waits for, or no longer awaiting payment: the screen follows
    // the booking), RATE_LIMITED (too many declines lately; the hold runs on) and anything else
    if (code === 'CONFLICT') refreshBooking();
    setFailure({
      message: err instanceof ApiError && code !== 'NETWORK' ? err.message : 'We could not reach Parkly. Check your connection and try again.',
      declined: false,
      held: code === 'RATE_LIMITED',
    });
  }

  const busy = stage !== 'idle';
  // Razorpay keeps its payers' cards and UPI IDs itself: a card saved with another provider cannot pay here
  const others = (cards.data ?? []).filter((c) => c.provider !== 'razorpay');
  return (
    <div className="space-y-5">
      <Card title="Pay with Razorpay">
        <ul aria-label="Ways to pay" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {WAYS.map(({ icon: Icon, label, hint }) => (
            <li key={label} className="flex flex-col items-start gap-1 rounded-xl border border-slate-200 px-3 py-2.5">
              <Icon aria-hidden="true" className="size-5 text-brand-700" />
              <span className="text-sm font-semibold text-slate-900">{label}</span>
              <span className="text-xs text-slate-600">{hint}</span>
            </li>
          ))}
        </ul>
        <p className="mt-4 flex gap-2 text-sm text-slate-700">
          <QrCode aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <span>
            Razorpay opens in a secure window: on a phone, pick your UPI app; on a laptop, scan the QR code with your phone or type your UPI ID. Parkly never
            sees your card or bank details.
          </span>
        </p>
        {pass && (
          <div className="mt-5 border-t border-slate-100 pt-4">
            <RenewalMethodChoice value={method} onChange={setMethod} disabled={busy} />
          </div>
        )}
        {others.length > 0 && <SavedElsewhere cards={others} />}
      </Card>

      {loadFailed && (
        <PaymentFailure
          title="Razorpay did not open"
          failure={{ message: 'The Razorpay payment window could not be loaded. Check your connection, then try again. Nothing was taken.', declined: false, held: true }}
        >
          <Button variant="secondary" className="mt-3" onClick={() => void start()}>
            Try again
          </Button>
        </PaymentFailure>
      )}
      {failure && <PaymentFailure failure={failure} />}
      {closed && (
        <p role="status" className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
          Payment window closed. Nothing was taken.
        </p>
      )}

      <Button disabled={busy} onClick={() => void start()} className="min-h-12 w-full text-base">
        <Lock aria-hidden="true" className="size-4" />
        {stage === 'idle' ? `Pay ${total}` : BUTTON_TEXT[stage]}
      </Button>
      {pass && (
        <p className="flex items-start gap-2 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
          <Repeat aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {method === 'upi'
            ? 'This payment also sets up UPI AutoPay for your renewals: each next month is debited a day before it starts, until you or the host give notice.'
            : 'Razorpay keeps the card you pay with for your renewals: it is charged for each next month a day before it starts, until you or the host give notice.'}
        </p>
      )}
      <p className="text-center text-xs text-slate-600">
        {booking.listing.instant_book
          ? 'Your booking is confirmed as soon as the payment goes through.'
          : 'The amount is held, not taken: you are charged only if the host accepts within 24 hours. If they do not, Razorpay gives it back.'}
      </p>
    </div>
  );
}
