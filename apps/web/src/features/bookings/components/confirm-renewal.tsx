import type { Booking, BookingPeriod, PayPeriodInput, RecurringMethod } from '@parkly/shared/bookings';
import { useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/money';
import { useAppConfig } from '../../../lib/use-app-config';
import { PaymentFailure, type PaymentFailureInfo } from '../../../components/payment/payment-failure';
import { RenewalMethodChoice } from '../../../components/payment/renewal-method-choice';
import { isRazorpayAction, openRazorpayCheckout, razorpayScriptQueryOptions, razorpaySettings } from '../../../lib/payments/razorpay-checkout';
import { stripeJsQueryOptions } from '../../../lib/payments/stripe-js';
import { usePayPeriod } from '../api/pay-period';

type Stage = 'idle' | 'starting' | 'open' | 'confirming';
const BUTTON_TEXT: Record<Exclude<Stage, 'idle'>, string> = {
  starting: 'Opening the payment…',
  open: 'Finish in the payment window',
  confirming: 'Confirming your payment…',
};

/**
 * "Confirm this month's payment" (decision 042): the pay flow, for one month of a pass that waits on its driver.
 * With Razorpay, Checkout for the month (which sets the renewals up again: UPI AutoPay or a card); with Stripe,
 * the saved card and the bank's 3-D Secure check in Stripe.js; with the simulated provider, the saved card. Only the
 * server's answer says the month is paid; the page then shows the booking as it is.
 */
export function ConfirmRenewal({ booking, period, onPaid }: { booking: Booking; period: BookingPeriod; onPaid: () => void }) {
  const queryClient = useQueryClient();
  const config = useAppConfig();
  const pay = usePayPeriod();
  const razorpay = razorpaySettings(config.data);
  const stripeKey = config.data?.payment_provider === 'stripe' ? (config.data.stripe_publishable_key ?? '') : null;
  const [method, setMethod] = useState<RecurringMethod>(booking.renews_with?.method ?? 'upi');
  const [stage, setStage] = useState<Stage>('idle');
  const [failure, setFailure] = useState<PaymentFailureInfo | null>(null);
  const [closed, setClosed] = useState(false);
  // Checkout's window lives outside React: it closes when this button goes (the month was paid elsewhere, the page left)
  const leaving = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort();
  }, []);

  const send = (input: PayPeriodInput) => pay.mutateAsync({ id: booking.id, n: period.n, input });

  /** Razorpay: the month's order (a 402 with Checkout's action), Checkout, then what it said. */
  async function withRazorpay(checkoutUrl: string) {
    let action;
    try {
      await send({ razorpay: { method } });
      return onPaid();
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 'PAYMENT_ACTION_REQUIRED' && isRazorpayAction(err.action))) throw err;
      action = err.action;
    }
    const Razorpay = await queryClient.fetchQuery(razorpayScriptQueryOptions(checkoutUrl));
    setStage('open');
    const outcome = await openRazorpayCheckout(Razorpay, action, leaving.current?.signal);
    if (leaving.current?.signal.aborted) return;
    if (outcome.kind === 'dismissed') return setClosed(true);
    setStage('confirming');
    if (outcome.kind === 'paid') await send(outcome.response);
    else if (outcome.report) await send(outcome.report);
    else throw new ApiError(402, { code: 'PAYMENT_DECLINED', message: 'The payment did not go through, so nothing was taken. Try again, or pay another way.' });
    onPaid();
  }

  /** Stripe (and the simulated provider): the saved card; the bank's check in Stripe.js when it asks for one. */
  async function withCard() {
    try {
      await send({});
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 'PAYMENT_ACTION_REQUIRED' && err.action?.type === 'stripe_next_action' && stripeKey)) throw err;
      setStage('confirming');
      const stripe = await queryClient.fetchQuery(stripeJsQueryOptions(stripeKey));
      await stripe.handleNextAction({ clientSecret: err.action.client_secret });
      await send({ payment_intent_id: err.action.payment_intent_id });
    }
    onPaid();
  }

  async function confirm() {
    setFailure(null);
    setClosed(false);
    setStage('starting');
    try {
      if (razorpay) await withRazorpay(razorpay.checkoutUrl);
      else await withCard();
    } catch (err) {
      const code = err instanceof ApiError ? err.code : 'NETWORK';
      if (code === 'PAYMENT_ACTION_REQUIRED') {
        setFailure({ message: 'Your bank did not confirm the payment, so nothing was taken. Try again when you are ready.', declined: false });
      } else if (code === 'PAYMENT_DECLINED') {
        setFailure({ message: (err as ApiError).message, declined: true });
      } else {
        setFailure({ message: err instanceof ApiError && code !== 'NETWORK' ? err.message : 'We could not reach Parkly. Check your connection and try again.', declined: false });
      }
    } finally {
      setStage('idle');
    }
  }

  const busy = stage !== 'idle' || config.isPending;
  return (
    <div className="space-y-3">
      {razorpay && <RenewalMethodChoice value={method} onChange={setMethod} disabled={busy} />}
      {failure && <PaymentFailure failure={failure} />}
      {closed && (
        <p role="status" className="rounded-xl border border-slate-200 bg-white p-3 text-sm text-slate-800">
          Payment window closed. Nothing was taken.
        </p>
      )}
      <Button disabled={busy} onClick={() => void confirm()} className="min-h-11 w-full sm:w-auto">
        <Lock aria-hidden="true" className="size-4" />
        {stage === 'idle' ? "Confirm this month's payment" : BUTTON_TEXT[stage]}
      </Button>
      <p className="text-xs text-amber-900">
        {formatMoney(period.total, booking.currency)} for this month.{' '}
        {razorpay ? 'Razorpay opens in a secure window; the payment also sets up your next renewals.' : 'Your saved card is charged; your bank may ask you to confirm.'}
      </p>
    </div>
  );
}
