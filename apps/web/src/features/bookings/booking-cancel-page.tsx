import { zodResolver } from '@hookform/resolvers/zod';
import { isTakingPayment } from '@parkly/shared/booking-lifecycle';
import { cancelBookingSchema, type Booking } from '@parkly/shared/bookings';
import { formatPeriod } from '@parkly/shared/time';
import { ArrowLeft, CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Button, buttonClass } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { FormAlert, TextAreaField } from '../../components/ui/form-field';
import { DocumentTitle } from '../../components/ui/page';
import { PageSpinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { formatMoney } from '../../lib/money';
import { useCancelBooking } from './api/cancel-booking';
import { isBookingNotFound, useBooking } from './api/get-booking';
import { BookingStatusBadge } from '../../components/booking/booking-status-badge';
import { cardText, listingTitle } from './components/booking-words';
import { nothingPaid, policyDescription, policyLabel, refundChangeText, refundKind } from './components/refund-words';
import { isPass, passWhenText } from '../../lib/pass-words';

const reasonSchema = cancelBookingSchema.unwrap();
type ReasonInput = z.input<typeof reasonSchema>;
type ReasonOutput = z.output<typeof reasonSchema>;

const panel = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
const detailsLink = (b: Booking) => `/parking/booking-details/${encodeURIComponent(b.id)}`;

/** The refund this cancellation gets, how long it holds, and the listing's policy in words. */
function RefundSummary({ booking: b }: { booking: Booking }) {
  const preview = b.refund_if_cancelled_now!;
  const change = refundChangeText(b, preview);
  return (
    <section aria-labelledby="refund-heading" className={panel}>
      <h2 id="refund-heading" className="text-lg font-semibold text-slate-900">
        Your refund
      </h2>
      {nothingPaid(b) ? (
        <p className="mt-2 text-slate-800">Nothing has been paid for this booking yet, so cancelling costs nothing: the space is simply released.</p>
      ) : (
        <>
          <p className="mt-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="text-3xl font-bold text-slate-900 tabular-nums">{formatMoney(preview.amount, b.currency)}</span>
            <span className="font-semibold text-slate-700">
              {refundKind(preview.percent)} · {preview.percent}% of the {formatMoney(b.total, b.currency)} you paid
            </span>
          </p>
          <p className="mt-2 text-sm text-slate-700">
            {preview.amount > 0 ? `It goes back to ${b.card ? `your ${cardText(b.card)}` : 'the card you paid with'}.` : 'Under this listing’s policy it is too late for a refund.'}
          </p>
          {change && <p className="mt-2 text-sm font-medium text-amber-900">{change}</p>}
        </>
      )}
      <p className="mt-4 border-t border-slate-100 pt-4 text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{policyLabel(b)} cancellation policy:</span> {policyDescription(b)} A full refund includes the service fee.
      </p>
    </section>
  );
}

function CancelForm({ booking: b }: { booking: Booking }) {
  const cancel = useCancelBooking();
  const [confirming, setConfirming] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ReasonInput, unknown, ReasonOutput>({ resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } });
  // the dialog has no Radix trigger to hand focus back to: return it to the submit button
  // once the dialog (and its focus trap) is gone
  const formRef = useRef<HTMLFormElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (confirming) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      formRef.current?.querySelector<HTMLButtonElement>('button[type=submit]')?.focus();
    }
  }, [confirming]);

  const onConfirm = form.handleSubmit(async ({ reason }) => {
    setFormError(null);
    try {
      await cancel.mutateAsync({ id: b.id, reason: reason ?? undefined });
    } catch (err) {
      setConfirming(false);
      if (err instanceof ApiError && err.code === 'CONFLICT') setFormError('This booking can no longer be cancelled: its status has just changed. Open it to see where it stands.');
      else setFormError(applyServerErrors(err, form.setError, ['reason']));
    }
  });

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.trigger().then((ok) => ok && setConfirming(true));
      }}
      className={`${panel} space-y-4`}
    >
      <TextAreaField
        label="Reason (optional)"
        hint="The host sees it. At most 500 characters."
        rows={3}
        maxLength={500}
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
      <FormAlert message={formError} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to={detailsLink(b)} className={buttonClass('secondary')}>
          Keep booking
        </Link>
        <Button type="submit" variant="danger">
          Cancel booking
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel this booking?"
        description={
          nothingPaid(b)
            ? 'The space is released and nothing is charged. This cannot be undone.'
            : `You get ${formatMoney(b.refund_if_cancelled_now!.amount, b.currency)} back. This cannot be undone.`
        }
        confirmLabel="Yes, cancel"
        busyLabel="Please wait..."
        busy={cancel.isPending}
        danger
        onConfirm={() => void onConfirm()}
      />
    </form>
  );
}

/** After the cancellation: what comes back, and the way back to My Bookings. */
function Cancelled({ booking: b }: { booking: Booking }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // the form (and the focused button) are gone: move focus to the result so it is read out
  useEffect(() => heading.current?.focus(), []);
  const refund = b.refund_amount ?? 0;
  return (
    <section aria-labelledby="cancelled-heading" className={`${panel} text-center`}>
      <CircleCheck aria-hidden="true" className="mx-auto size-12 text-emerald-700" />
      <h2 id="cancelled-heading" ref={heading} tabIndex={-1} className="mt-3 text-xl font-semibold text-slate-900 focus:outline-none">
        Booking cancelled
      </h2>
      <p className="mt-2 text-slate-700">
        {refund > 0
          ? `${formatMoney(refund, b.currency)} is on its way back to ${b.card ? `your ${cardText(b.card)}` : 'your card'}.`
          : nothingPaid(b) || b.payment_status === 'released'
            ? 'Nothing was charged.'
            : 'Under the listing’s policy there was no refund.'}
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/ownerbooking?tab=cancelled" className={buttonClass('primary')}>
          Back to My Bookings
        </Link>
        <Link to={detailsLink(b)} className={buttonClass('secondary')}>
          See the booking
        </Link>
      </div>
    </section>
  );
}

function CancelView({ booking: b }: { booking: Booking }) {
  let body;
  if (b.status === 'cancelled') body = <Cancelled booking={b} />;
  else if (b.refund_if_cancelled_now === null || b.viewer_role !== 'guest')
    body = (
      <div role="alert" className={panel}>
        <p className="font-semibold text-slate-900">This booking cannot be cancelled.</p>
        <p className="mt-1 text-slate-700">
          {isTakingPayment(b)
            ? 'The host has accepted it and the payment is being taken from your card. Once that is done, its page says what a cancellation would give back.'
            : 'It is no longer upcoming, or it has already ended. Its page says where it stands.'}
        </p>
        <Link to={detailsLink(b)} className={buttonClass('secondary', 'mt-4')}>
          Open the booking
        </Link>
      </div>
    );
  else
    body = (
      <div className="space-y-6">
        <RefundSummary booking={b} />
        <CancelForm booking={b} />
      </div>
    );
  return (
    <>
      <div className={`${panel} mb-6`}>
        <div className="flex flex-wrap items-center gap-2">
          <BookingStatusBadge status={b.status} paymentStatus={b.payment_status} />
          <span className="font-mono text-sm text-slate-600">{b.reference}</span>
        </div>
        <p className="mt-2 text-lg font-semibold text-slate-900">{listingTitle(b)}</p>
        <p className="text-sm text-slate-700">{isPass(b) ? passWhenText(b) : formatPeriod(b.start, b.end, b.listing.time_zone)}</p>
      </div>
      {body}
    </>
  );
}

/** /booking_cancel?id=<id>: the refund, an optional reason, a confirmation, then the result. */
export default function BookingCancelPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const booking = useBooking(id);
  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:px-6 sm:py-10">
        <DocumentTitle title="Cancel a booking" />
        <Link
          to={id ? `/parking/booking-details/${encodeURIComponent(id)}` : '/ownerbooking'}
          className="mb-4 inline-flex min-h-10 items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> {id ? 'Back to the booking' : 'My Bookings'}
        </Link>
        <h1 className="mb-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Cancel a booking</h1>
        {!id ? (
          <NotFound text="No booking was chosen. Open the booking you want to cancel from My Bookings." />
        ) : booking.data ? (
          <CancelView booking={booking.data} />
        ) : booking.isError ? (
          <NotFound text={isBookingNotFound(booking.error) ? 'We could not find this booking on your account.' : booking.error.message} />
        ) : (
          <PageSpinner />
        )}
      </div>
    </div>
  );
}

function NotFound({ text }: { text: string }) {
  return (
    <div role="alert" className={`${panel} text-center`}>
      <CircleAlert aria-hidden="true" className="mx-auto size-10 text-slate-500" />
      <p className="mt-3 text-slate-700">{text}</p>
      <Link to="/ownerbooking" className={buttonClass('primary', 'mt-5')}>
        My Bookings
      </Link>
    </div>
  );
}
