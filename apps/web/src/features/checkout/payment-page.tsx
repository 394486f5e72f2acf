import { zodResolver } from '@hookform/resolvers/zod';
import { BOOKING_STATUS_LABELS, isPaidFor } from '@parkly/shared/booking-lifecycle';
import type { Booking, PayBookingInput } from '@parkly/shared/bookings';
import { cardInputSchema, expiryInFuture, type PaymentMethod } from '@parkly/shared/payment-methods';
import { useQueryClient } from '@tanstack/react-query';
import { Lock, Repeat, TimerOff } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button, buttonClass } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-field';
import { DocumentTitle } from '../../components/ui/page';
import { PageSpinner, Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { formatMoney } from '../../lib/money';
import { useAppConfig } from '../../lib/use-app-config';
import { bookingKeys } from '../bookings/api/booking-keys';
import { isBookingNotFound, useBooking } from '../bookings/api/get-booking';
import { addStripePaymentMethod } from '../payment-methods/api/add-stripe-payment-method';
import { deletePaymentMethod } from '../payment-methods/api/delete-payment-method';
import { usePaymentMethods } from '../payment-methods/api/get-payment-methods';
import { paymentMethodKeys } from '../payment-methods/api/payment-method-keys';
import { usePayBooking } from './api/pay-booking';
import { BookingAside } from './components/booking-aside';
import { BusinessInvoice } from './components/business-invoice';
import { Card } from './components/card';
import { CheckoutSteps } from './components/checkout-steps';
import { HoldCountdown } from './components/hold-countdown';
import { LoadFailed } from './components/load-failed';
import { NewCardFields, type NewCardValues } from './components/new-card-fields';
import { PaymentFailure, type PaymentFailureInfo } from '../../components/payment/payment-failure';
import { RazorpayPayForm } from './components/razorpay-pay-form';
import { optionClass } from '../../components/payment/option-class';
import { SavedCardOption } from './components/saved-card-option';
import { detailsPath, successPath } from './lib/checkout-paths';
import { rememberHold } from './lib/hold-memory';
import { razorpaySettings } from '../../lib/payments/razorpay-checkout';
import { stripeJsQueryOptions } from '../../lib/payments/stripe-js';
import { useNow } from './lib/use-now';
import type { StripeCard } from './components/stripe-card-field';

// Stripe's card form (and Stripe.js with it) is fetched only when the Stripe provider asks for a new card
const StripeCardField = lazy(() => import('./components/stripe-card-field').then((m) => ({ default: m.StripeCardField })));

const newCardSchema = z.object({ card: cardInputSchema, save_card: z.boolean() });
const CARD_FIELDS = ['card.number', 'card.exp_month', 'card.exp_year', 'card.cvc'] as const;
const NEW = 'new';

/** The hold is over (ran out, cancelled, released after too many declines): nothing was charged; book again from the times. */
function HoldEnded({ booking, ranOut }: { booking: Booking; ranOut: boolean }) {
  const released = booking.events.at(-1)?.event === 'too_many_declines';
  return (
    <div role="alert" className="mx-auto max-w-lg px-4 py-16 text-center">
      <DocumentTitle title="Your hold has ended" />
      <span aria-hidden="true" className="mx-auto flex size-16 items-center justify-center rounded-full bg-amber-50 text-amber-700 ring-8 ring-amber-50/50">
        <TimerOff className="size-8" />
      </span>
      <h1 className="mt-6 text-2xl font-bold text-slate-900">Your hold has ended</h1>
      <p className="mt-3 text-slate-600">
        {released
          ? 'Your card was declined too many times, so we released the space.'
          : ranOut || booking.status === 'expired'
            ? 'We held the space for 15 minutes and the time ran out before payment, so it was released.'
            : `This booking is ${BOOKING_STATUS_LABELS[booking.status].toLowerCase()}.`}{' '}
        Nothing was charged.{released ? ' You can book it again, with another card.' : ''}
      </p>
      <Link to={detailsPath(booking.parking_id, { start: booking.start, end: booking.end })} className={buttonClass('primary', 'mt-6 min-h-11 px-6')}>
        {released ? 'Book again' : 'Start again'}
      </Link>
    </div>
  );
}

function PayForm({ booking }: { booking: Booking }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const radioName = useId();
  const cards = usePaymentMethods();
  const pay = usePayBooking();
  const config = useAppConfig();
  // with the Stripe provider a new card is typed into Stripe Elements, not into the app's own fields
  const stripeKey = config.data?.payment_provider === 'stripe' ? (config.data.stripe_publishable_key ?? '') : null;
  const stripeCard = useRef<StripeCard | null>(null);
  const [cardError, setCardError] = useState<string | undefined>();
  const [stage, setStage] = useState<'idle' | 'paying' | 'confirming'>('idle');
  const [chosen, setChosen] = useState<string | null>(null);
  const [failure, setFailure] = useState<PaymentFailureInfo | null>(null);
  const form = useForm<NewCardValues, unknown, z.output<typeof newCardSchema>>({
    resolver: zodResolver(newCardSchema),
    mode: 'onTouched',
    defaultValues: { card: { number: '', exp_month: '', exp_year: '', cvc: '' }, save_card: false },
  });

  // a saved card pays only through the provider that keeps it (decision 032)
  const provider = config.data?.payment_provider;
  const otherProvider = (c: PaymentMethod) => provider !== undefined && c.provider !== provider;
  const usable = (cards.data ?? []).filter((c) => expiryInFuture(c.exp_month, c.exp_year) && !otherProvider(c));
  const method = chosen ?? (usable.find((c) => c.is_default) ?? usable[0])?.id ?? NEW;
  const saved = cards.data ?? [];
  // a monthly pass's renewals are charged to the card that pays its first month, so a new card is kept (decision 038)
  const pass = booking.plan === 'monthly';

  /**
   * Pays; when the bank wants the payer to confirm (3-D Secure), Stripe.js shows its challenge and the
   * server is asked again with the payment's id: it alone says whether the payment went through.
   */
  async function payAndConfirm(input: PayBookingInput) {
    try {
      return await pay.mutateAsync({ id: booking.id, input });
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 'PAYMENT_ACTION_REQUIRED' && err.action?.type === 'stripe_next_action' && stripeKey)) throw err;
      const action = err.action;
      setStage('confirming');
      const stripe = await queryClient.fetchQuery(stripeJsQueryOptions(stripeKey));
      await stripe.handleNextAction({ clientSecret: action.client_secret });
      return pay.mutateAsync({ id: booking.id, input: { payment_intent_id: action.payment_intent_id } });
    }
  }

  /**
   * `kept`: a card from Stripe Elements kept to pay with; as with the app's own card form, it stays
   * among the saved cards only when the driver asked and the payment went through.
   */
  async function submit(input: PayBookingInput, kept?: { id: string; save: boolean }) {
    setFailure(null);
    setStage('paying');
    let paid = false;
    try {
      const result = await payAndConfirm(input);
      paid = true;
      rememberHold(booking.parking_id, null);
      navigate(successPath(result.id), { replace: true });
    } catch (err) {
      showFailure(err);
    } finally {
      setStage('idle');
      if (kept) {
        const forget = kept.save && paid ? Promise.resolve() : deletePaymentMethod(kept.id).then(() => undefined, () => undefined);
        void forget.then(() => queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all }));
      }
    }
  }

  /** A new card through Stripe Elements: Stripe makes its PaymentMethod in the browser, Parkly keeps its id, then pays with it. */
  async function payWithStripeCard() {
    const sc = stripeCard.current;
    if (!sc) return setCardError('The card form is still loading. Please wait a moment.');
    setFailure(null);
    setStage('paying');
    const { paymentMethod, error } = await sc.stripe.createPaymentMethod({ type: 'card', card: sc.card });
    if (error || !paymentMethod) {
      setStage('idle');
      setCardError(error?.message ?? 'Check the card details.');
      sc.card.focus();
      return;
    }
    let kept: { id: string };
    try {
      kept = await addStripePaymentMethod({ payment_method_id: paymentMethod.id });
    } catch (err) {
      setStage('idle');
      return showFailure(err);
    }
    await submit({ payment_method_id: kept.id }, { id: kept.id, save: pass || form.getValues('save_card') });
  }

  function showFailure(err: unknown) {
    if (!(err instanceof ApiError)) return setFailure({ message: 'Something went wrong. Please try again.', declined: false });
    if (err.code === 'TOO_MANY_DECLINES') {
      // the hold is released: the screen follows the booking, which now says so and offers to book again
      rememberHold(booking.parking_id, null);
      void queryClient.invalidateQueries({ queryKey: bookingKeys.detail(booking.id) });
      return;
    }
    if (err.code === 'PAYMENT_DECLINED') {
      setFailure({ message: err.message, declined: true, held: true });
      if (method === NEW && stripeKey !== null) {
        stripeCard.current?.card.clear();
        stripeCard.current?.card.focus();
      } else if (method === NEW) {
        // the declined number is cleared, ready for another card
        form.resetField('card.number');
        form.resetField('card.cvc');
        form.setFocus('card.number');
      }
      return;
    }
    if (err.code === 'PAYMENT_ACTION_REQUIRED') {
      // the challenge was closed or did not finish: nothing was taken, the hold stands
      setFailure({ message: 'Your bank did not confirm the payment, so nothing was taken. Your space is still held: try again, or use another card.', declined: false });
      return;
    }
    if (err.code === 'VALIDATION') {
      const rest = applyServerErrors(err, form.setError, CARD_FIELDS);
      if (rest) setFailure({ message: rest, declined: false });
      return;
    }
    // CONFLICT (no longer awaiting payment: the screen follows the booking's new state),
    // PAYMENT_UNAVAILABLE (nothing was taken, the hold stands) or RATE_LIMITED (too many declines lately: the
    // message says when to try again; the hold runs on)
    if (err.code === 'CONFLICT') void queryClient.invalidateQueries({ queryKey: bookingKeys.detail(booking.id) });
    setFailure({ message: err.message, declined: false, held: err.code === 'RATE_LIMITED' });
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (method !== NEW) void submit({ payment_method_id: method });
    else if (stripeKey !== null) void payWithStripeCard();
    else void form.handleSubmit(({ card, save_card }) => submit({ card, save_card: pass || save_card }))(e);
  };

  const busy = stage !== 'idle' || pay.isPending || form.formState.isSubmitting;
  const newCardReady = !cards.isPending && !config.isPending;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <Card title={saved.length ? 'Pay with' : 'Card details'}>
        {cards.isPending && <Spinner label="Loading your saved cards" />}
        {saved.length > 0 && (
          <fieldset>
            <legend className="sr-only">Card to pay with</legend>
            <div className="space-y-2">
              {saved.map((c) => (
                <SavedCardOption key={c.id} card={c} name={radioName} checked={method === c.id} otherProvider={otherProvider(c)} onPick={() => setChosen(c.id)} />
              ))}
              <label className={optionClass}>
                <input type="radio" name={radioName} value={NEW} checked={method === NEW} onChange={() => setChosen(NEW)} className="size-4 accent-brand-700" />
                <span className="text-sm font-semibold text-slate-900">A new card</span>
              </label>
            </div>
          </fieldset>
        )}
        {method === NEW && newCardReady && (
          <div className={`space-y-4 ${saved.length ? 'mt-4' : ''}`}>
            {stripeKey !== null ? (
              <Suspense fallback={<Spinner label="Loading the secure card form" />}>
                <StripeCardField
                  publishableKey={stripeKey}
                  error={cardError}
                  onReady={(card) => (stripeCard.current = card)}
                  onChange={({ error }) => setCardError(error)}
                />
              </Suspense>
            ) : (
              <NewCardFields control={form.control} errors={form.formState.errors} />
            )}
            {pass ? (
              <p className="text-sm text-slate-700">This card is saved for your pass’s renewals. You can see it, and remove it after the pass ends, under Payment cards.</p>
            ) : (
              <label className="flex cursor-pointer items-center gap-3 text-sm text-slate-800">
                <input type="checkbox" {...form.register('save_card')} className="size-5 accent-brand-700" />
                Save this card for next time
              </label>
            )}
          </div>
        )}
      </Card>

      {failure && <PaymentFailure failure={failure} />}
      {cards.isError && <FormAlert message="Your saved cards could not be loaded; you can still pay with a card." />}

      <Button type="submit" disabled={busy} className="min-h-12 w-full text-base">
        <Lock aria-hidden="true" className="size-4" />
        {stage === 'confirming' ? 'Waiting for your bank…' : busy ? 'Paying…' : `Pay ${formatMoney(booking.total, booking.currency)}`}
      </Button>
      {pass && (
        <p className="flex items-start gap-2 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
          <Repeat aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          The card you pay with is saved for renewals: it is charged for each next month a day before the month starts, until you or the host give notice.
        </p>
      )}
      <p className="text-center text-xs text-slate-600">
        {booking.listing.instant_book
          ? 'Your booking is confirmed as soon as the payment goes through.'
          : 'The amount is held on your card; you are charged only if the host accepts within 24 hours.'}
      </p>
    </form>
  );
}

/** The form of the server's payment provider: Razorpay Checkout, or a card (Stripe Elements or the app's own fields). */
function PayWith({ booking }: { booking: Booking }) {
  const config = useAppConfig();
  if (config.isPending) return <Spinner label="Loading the ways to pay" />;
  const razorpay = razorpaySettings(config.data);
  return razorpay ? <RazorpayPayForm booking={booking} checkoutUrl={razorpay.checkoutUrl} /> : <PayForm booking={booking} />;
}

function PayScreen({ booking }: { booking: Booking }) {
  const now = useNow();
  if (isPaidFor(booking.status)) return <Navigate to={successPath(booking.id)} replace />;
  if (booking.status !== 'pending_payment') return <HoldEnded booking={booking} ranOut={false} />;
  const msLeft = booking.expires_at ? Date.parse(booking.expires_at) - now : Number.POSITIVE_INFINITY;
  if (msLeft <= 0) return <HoldEnded booking={booking} ranOut />;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
      <DocumentTitle title="Payment" />
      <CheckoutSteps current={2} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Payment</h1>
      {Number.isFinite(msLeft) && (
        <div className="mt-4">
          <HoldCountdown msLeft={msLeft} />
        </div>
      )}
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <aside aria-label="Your booking" className="lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1">
          <BookingAside booking={booking} />
        </aside>
        <div className="lg:col-start-1 lg:row-start-1">
          <PayWith booking={booking} />
          <BusinessInvoice />
        </div>
      </div>
    </div>
  );
}

/** /Paymentstripe?booking=<id> (behind login): pay for a held booking with a saved or a new card, or in Razorpay Checkout. */
export default function PaymentPage() {
  const [params] = useSearchParams();
  const id = params.get('booking');
  const booking = useBooking(id);
  if (!id) return <Missing />;
  if (booking.isPending) return <PageSpinner />;
  if (booking.isError) return isBookingNotFound(booking.error) ? <Missing /> : <LoadFailed what="this booking" onRetry={() => void booking.refetch()} />;
  return <PayScreen booking={booking.data} />;
}

function Missing() {
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center">
      <DocumentTitle title="Booking not found" />
      <h1 className="text-2xl font-bold text-slate-900">We could not find this booking</h1>
      <p className="mt-3 text-slate-600">The link may be incomplete, or the booking belongs to another account.</p>
      <Link to="/ownerbooking" className={buttonClass('primary', 'mt-6')}>
        My Bookings
      </Link>
    </div>
  );
}
