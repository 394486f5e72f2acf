import { isLapsed, isTakingPayment } from '@parkly/shared/booking-lifecycle';
import { BOOKING_REASON_MAX, type Booking } from '@parkly/shared/bookings';
import { CANCELLATION_POLICIES } from '@parkly/shared/catalog';
import { formatDateTime, zoneAbbreviation } from '@parkly/shared/time';
import { CircleCheck, Timer } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-field';
import { ApiError } from '../../../../lib/api-client';
import { formatMoney } from '../../../../lib/money';
import { isDeadlineNear, timeLeftText } from '../../../../lib/time-left';
import { useNow } from '../../../../lib/use-now';
import { useAcceptBooking } from '../api/accept-booking';
import { useDeclineBooking } from '../api/decline-booking';
import { useHostCancelBooking } from '../api/host-cancel-booking';
import { ReasonDialog } from '../../../../components/ui/reason-dialog';
import { isPass } from '../../../../lib/pass-words';

type Done = (text: string) => void;
type Failed = (err: unknown) => void;

/** The server's refusal in words, and what the host sees next (the booking is reloaded after any refusal). */
function refusalText(err: unknown): string {
  if (!(err instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (err.code === 'CONFLICT') return `${err.message} The page now shows where the booking stands.`;
  if (err.code === 'NOT_FOUND') return 'This booking is no longer on your account.';
  if (err.code === 'NETWORK') return 'We could not reach Parkly. Check your connection and try again.';
  return err.message;
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const at = (instant: string, zone: string) => `${formatDateTime(instant, zone)} ${zoneAbbreviation(zone, new Date(instant))}`;

/** A request: the deadline and the time left, then Accept or Decline (with a reason for the driver). */
function AnswerRequest({ booking: b, done, failed }: { booking: Booking; done: Done; failed: Failed }) {
  const now = useNow(30_000);
  const accept = useAcceptBooking();
  const decline = useDeclineBooking();
  const [declining, setDeclining] = useState(false);
  const zone = b.listing.time_zone;
  const late = isLapsed({ status: b.status, hold_expires_at: b.expires_at }, now);
  const urgent = b.expires_at ? isDeadlineNear(b.expires_at, now) : false;
  const payout = b.host_payout != null ? formatMoney(b.host_payout, b.currency) : null;
  const busy = accept.isPending || decline.isPending;

  // the booking is confirmed only once the driver's card is charged: the answer says how far that got
  const onAccept = () =>
    accept.mutate(b.id, {
      onSuccess: (after) => {
        if (after.status === 'confirmed') done(`You accepted the request. ${b.guest.name} has been told${payout ? `, and ${payout} is yours once the stay is completed` : ''}.`);
        else if (isTakingPayment(after)) done('You accepted the request. The payment is being taken from the driver’s card; the booking is confirmed as soon as it goes through.');
        else done('You accepted the request, but the driver’s card could not be charged, so the booking is cancelled. The driver has been told, and the space is free again.');
      },
      onError: failed,
    });

  return (
    <>
      {b.expires_at && (
        <p className={`flex items-start gap-2 rounded-xl border p-3 ${urgent ? 'border-red-200 bg-red-50 text-red-950' : 'border-amber-200 bg-amber-50 text-amber-950'}`}>
          <Timer aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>
            <span className="font-semibold">Answer by {at(b.expires_at, zone)}</span>
            <span className="block text-sm">{late ? 'The time to answer has passed.' : `${capitalised(timeLeftText(b.expires_at, now))} to answer.`}</span>
          </span>
        </p>
      )}
      <p className="mt-3 text-sm text-slate-700">
        {b.guest.name} asks for these times. Their card is authorised for {formatMoney(b.total, b.currency)}, not charged: accepting charges it and confirms the booking. If you decline or
        do not answer in time, nothing is charged.
      </p>
      {late ? (
        <p className="mt-3 text-sm font-medium text-slate-900">The request is expiring: the driver’s card will be released. There is nothing more to do.</p>
      ) : (
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <Button onClick={onAccept} disabled={busy}>
            <CircleCheck aria-hidden="true" className="size-4" /> {accept.isPending ? 'Please wait...' : 'Accept request'}
          </Button>
          <ReasonDialog
            trigger={
              <Button variant="secondary" disabled={busy}>
                Decline
              </Button>
            }
            open={declining}
            onOpenChange={setDeclining}
            title="Decline this request?"
            description={
              <>
                <p>{b.guest.name} is told, with your reason if you give one. Their card is released: nothing is charged.</p>
                <p>This cannot be undone.</p>
              </>
            }
            label="Reason for the driver (optional)"
            hint="The driver sees it. At most 500 characters."
            required={null}
            max={BOOKING_REASON_MAX}
            confirmLabel="Decline request"
            dismissLabel="Go back"
            busy={decline.isPending}
            danger
            onConfirm={async (reason) => {
              await decline.mutateAsync({ id: b.id, reason: reason || undefined });
              setDeclining(false);
              done('You declined the request. The driver has been told and nothing was charged.');
            }}
            onFailed={(err) => {
              setDeclining(false);
              failed(err);
            }}
          />
        </div>
      )}
    </>
  );
}

/** An accepted request whose payment is still being taken: nothing to do but wait, and what happens either way. */
function TakingPayment({ booking: b }: { booking: Booking }) {
  const payout = b.host_payout != null ? formatMoney(b.host_payout, b.currency) : null;
  return (
    <p className="text-sm text-slate-700">
      You accepted this request. We are taking the payment from the driver’s card: the booking is confirmed{payout ? `, and ${payout} counts towards your earnings,` : ''} as
      soon as it goes through. If the card cannot be charged, the booking is cancelled, both of you are told, and the space is free again.
    </p>
  );
}

/**
 * A confirmed booking: the way to cancel, behind a warning of what a host's cancellation does. A monthly pass
 * only until it starts (decision 037: its first month back in full); once started it ends with notice, which the
 * pass panel offers, and the server refuses a cancellation (decision 046).
 */
function CancelConfirmed({ booking: b, done, failed }: { booking: Booking; done: Done; failed: Failed }) {
  const cancel = useHostCancelBooking();
  const [open, setOpen] = useState(false);
  const refund = formatMoney(b.refund_if_cancelled_now?.amount ?? b.total, b.currency);
  const payout = b.host_payout != null ? formatMoney(b.host_payout, b.currency) : null;
  const pass = isPass(b);
  const what = pass ? 'pass' : 'booking';
  return (
    <>
      {pass ? (
        <p className="text-sm text-slate-700">
          {b.guest.name}’s monthly pass starts on {at(b.start, b.listing.time_zone)}. Until then, if you cannot host them after all, you can cancel it: they get the first month back in
          full, and it counts against your record as a host. Once it has started it cannot be cancelled: it ends with notice, which you can give in the pass’s panel.
        </p>
      ) : (
        <p className="text-sm text-slate-700">
          {b.guest.name} is booked in. If you cannot host them after all, you can cancel: they get a full refund, and it counts against your record as a host.
        </p>
      )}
      <ReasonDialog
        trigger={
          <Button variant="secondary" className="mt-4 border-red-300 text-red-800 hover:bg-red-50">
            Cancel {what}
          </Button>
        }
        open={open}
        onOpenChange={setOpen}
        title={pass ? 'Cancel this monthly pass?' : 'Cancel this booking?'}
        description={
          <>
            <p>
              {b.guest.name} gets a full refund of <span className="font-semibold text-slate-900">{refund}</span>: everything they paid{pass ? ' for the first month' : ''}, service fee included
              {payout ? `, and you do not earn the ${payout} payout` : ''}.
            </p>
            <p className="rounded-lg border border-amber-200 bg-amber-50 p-2 text-amber-950">
              A cancellation by the host counts against your hosting record. Drivers plan around a confirmed booking: cancel only when you cannot host.
            </p>
            <p>This cannot be undone.</p>
          </>
        }
        label="Reason for the driver"
        hint="The driver sees it. At most 500 characters."
        required="Tell the driver why you are cancelling"
        max={BOOKING_REASON_MAX}
        confirmLabel={`Yes, cancel ${what}`}
        dismissLabel={`Keep the ${what}`}
        busy={cancel.isPending}
        danger
        onConfirm={async (reason) => {
          const cancelled = await cancel.mutateAsync({ id: b.id, reason });
          setOpen(false);
          done(`You cancelled the ${what}. ${b.guest.name} has been told and gets ${formatMoney(cancelled.refund_amount ?? 0, cancelled.currency)} back.`);
        }}
        onFailed={(err) => {
          setOpen(false);
          failed(err);
        }}
      />
    </>
  );
}

/** Where a booking that needs nothing from the host stands. */
function StatusSummary({ booking: b }: { booking: Booking }) {
  const zone = b.listing.time_zone;
  const money = (n: number) => formatMoney(n, b.currency);
  switch (b.status) {
    case 'pending_payment':
      return <p className="text-sm text-slate-700">The driver is still paying. {b.expires_at ? `The space is held for them until ${at(b.expires_at, zone)}; ` : ''}if they do not finish, it is released.</p>;
    case 'confirmed':
      // a running monthly pass has no end to pass (until notice): it is not cancelled, it ends with notice
      if (isPass(b))
        return (
          <p className="text-sm text-slate-700">
            {b.guest.name}’s monthly pass is running{b.ends_at ? ` until ${at(b.ends_at, zone)}` : ' and renews each month'}. A pass that has started cannot be cancelled:{' '}
            {b.ends_at ? 'notice has been given, and it ends then.' : 'to end it, give notice in the pass’s panel.'}
          </p>
        );
      return <p className="text-sm text-slate-700">This stay has ended. It is marked completed shortly, and then counts towards what you can pay out.</p>;
    case 'completed':
      return (
        <p className="text-sm text-slate-700">
          This stay is over.{b.host_payout != null ? ` ${money(b.host_payout)} counts towards your earnings.` : ''}{' '}
          <Link to="/earning" className="font-semibold text-brand-700 underline underline-offset-2">
            See your earnings
          </Link>
        </p>
      );
    case 'declined':
      return (
        <p className="text-sm text-slate-700">
          {b.events.some((e) => e.event === 'decline' && e.by === 'admin') ? 'Parkly support declined this request' : 'You declined this request'}
          {b.decline_reason ? `: “${b.decline_reason}”` : '.'} The driver was told and nothing was charged.
        </p>
      );
    case 'cancelled': {
      const reason = b.cancel_reason ? ` (“${b.cancel_reason}”)` : '';
      const refund = b.refund_amount ? money(b.refund_amount) : null;
      if (b.cancelled_by === 'host') return <p className="text-sm text-slate-700">You cancelled this booking{reason}. {refund ? `The driver got a full refund of ${refund}.` : 'Nothing had been charged.'}</p>;
      if (b.cancelled_by === 'guest')
        return (
          <p className="text-sm text-slate-700">
            The driver cancelled this booking{reason}.{' '}
            {refund ? `${refund} was refunded to them under the ${CANCELLATION_POLICIES[b.listing.cancellation_policy].label.toLowerCase()} policy.` : 'There was no refund.'} The space is free again.
          </p>
        );
      return <p className="text-sm text-slate-700">Parkly cancelled this booking{reason}. {refund ? `The driver got ${refund} back.` : ''}</p>;
    }
    case 'expired':
      return (
        <p className="text-sm text-slate-700">
          {b.events.some((e) => e.event === 'pay_request') ? 'This request expired: it was not answered in time. The driver’s card was released.' : 'The driver did not finish paying, so the hold expired.'}
        </p>
      );
    default:
      return null;
  }
}

const HEADINGS: Partial<Record<Booking['status'], string>> = { requested: 'Answer this request', confirmed: 'Booking confirmed' };

/**
 * What the host can do with the booking now, and what just happened: a request is accepted or declined,
 * a confirmed booking can be cancelled; a refusal from the server (answered, expired, cancelled
 * meanwhile) is shown as it is and the booking is reloaded.
 */
/** The panel's heading: what the host can do now, or where the booking stands. */
function headingOf(b: Booking, taking: boolean, canCancel: boolean): string {
  if (taking) return 'Accepted: taking payment';
  if (isPass(b) && b.status === 'confirmed') return canCancel ? 'Before the pass starts' : 'Pass running';
  const heading = HEADINGS[b.status];
  return heading && (b.status !== 'confirmed' || canCancel) ? heading : 'Where it stands';
}

export function HostBookingActions({ booking: b, reload }: { booking: Booking; reload: () => void }) {
  // an object, so the same sentence twice still moves focus to it again
  const [note, setNote] = useState<{ text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  // the button pressed may be gone after the change: focus the sentence that says what happened
  useEffect(() => {
    if (note) noteRef.current?.focus();
  }, [note]);
  const done: Done = (text) => {
    setError(null);
    setNote({ text });
  };
  const failed: Failed = (err) => {
    setNote(null);
    setError(refusalText(err));
    reload();
  };
  const canCancel = b.status === 'confirmed' && b.refund_if_cancelled_now !== null;
  const taking = isTakingPayment(b);
  let body: ReactNode;
  if (taking) body = <TakingPayment booking={b} />;
  else if (b.status === 'requested') body = <AnswerRequest booking={b} done={done} failed={failed} />;
  else if (canCancel) body = <CancelConfirmed booking={b} done={done} failed={failed} />;
  else body = <StatusSummary booking={b} />;
  const heading = headingOf(b, taking, canCancel);
  return (
    <section aria-labelledby="actions-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div role="status" className="mb-4 empty:hidden">
        {note && (
          <p ref={noteRef} tabIndex={-1} className="flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 focus:outline-none">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> {note.text}
          </p>
        )}
      </div>
      {error && (
        <div className="mb-4">
          <FormAlert message={error} />
        </div>
      )}
      <h2 id="actions-heading" className="mb-3 text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      {body}
    </section>
  );
}
