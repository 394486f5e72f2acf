import type { Booking, BookingPeriod } from '@parkly/shared/bookings';
import { lastRenewalTryAt, noticeEndsAt } from '@parkly/shared/pass-dates';
import { formatDateTime, formatLongDate, formatShortDate, zoneAbbreviation } from '@parkly/shared/time';
import { useMutation } from '@tanstack/react-query';
import { CalendarX2, CircleAlert, FileDown, Repeat } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { formatMoney } from '../../lib/money';
import { currentPeriod, endsOnText, failedRenewal, periodStatusText, renewalToConfirm, renewsWithLabel, renewsWithText } from '../../lib/pass-words';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/dialog';
import { downloadInvoice } from './invoice-download';

/** Gives notice on the pass (POST bookings/:id/notice) and answers the booking with its end. */
export interface NoticeAction {
  giveNotice: (id: string) => Promise<Booking>;
  busy: boolean;
}

const TONE: Record<BookingPeriod['payment_status'], string> = {
  paid: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  due: 'bg-slate-100 text-slate-800 ring-slate-200',
  retrying: 'bg-amber-50 text-amber-900 ring-amber-200',
  action_required: 'bg-amber-50 text-amber-900 ring-amber-300',
  failed: 'bg-red-50 text-red-900 ring-red-200',
  refunded: 'bg-slate-100 text-slate-800 ring-slate-200',
};

/**
 * When a renewal being tried is tried next, and that the gate lets the driver in until the last try (decision 044):
 * "We try your card again on …. Your gate pass keeps working until the last try, on …. If that fails too, …".
 */
function nextTryText(b: Booking, period: BookingPeriod, what: string) {
  const zone = b.listing.time_zone;
  const host = b.viewer_role === 'host';
  const next = period.next_attempt_at ? `${formatDateTime(period.next_attempt_at, zone)} ${zoneAbbreviation(zone, new Date(period.next_attempt_at))}` : 'soon';
  const last = lastRenewalTryAt(period.start);
  const lastTry = period.next_attempt_at !== null && Date.parse(period.next_attempt_at) >= last.getTime();
  const tries = host ? `Parkly tries ${what.replace('your', 'the driver’s')}` : `We try ${what}`;
  const gatePass = host ? 'The driver’s gate pass' : 'Your gate pass';
  const when = lastTry
    ? `${tries} one last time on ${next}; ${gatePass.charAt(0).toLowerCase()}${gatePass.slice(1)} keeps working until then.`
    : `${tries} again on ${next}. ${gatePass} keeps working until the last try, on ${formatDateTime(last, zone)} ${zoneAbbreviation(zone, last)}.`;
  return `${when} If that fails too, the pass ends with the month already paid, on ${formatLongDate(period.start, zone)}.`;
}

/** A failed renewal: being tried again (and when), or failed for good (and when the pass ends). */
function RenewalFailed({ booking: b, period }: { booking: Booking; period: BookingPeriod }) {
  const zone = b.listing.time_zone;
  const host = b.viewer_role === 'host';
  if (period.payment_status === 'retrying') {
    return (
      <div role="alert" className="flex gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p>
          <span className="font-semibold">The renewal payment of {formatMoney(period.total, b.currency)} failed.</span> {nextTryText(b, period, 'your card')}{' '}
          {!host && (
            <Link to="/payment_card" className="font-semibold underline underline-offset-2">
              Check your cards
            </Link>
          )}
        </p>
      </div>
    );
  }
  return (
    <div role="alert" className="flex gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-950">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <span className="font-semibold">The renewal could not be paid</span>, so the pass ended
        {b.ends_at ? ` on ${formatLongDate(b.ends_at, zone)}` : ''}, with the last month that was paid. {host ? 'The driver was told.' : 'Nothing more is charged.'}
      </p>
    </div>
  );
}

/**
 * A renewal that waits on the driver (decision 042: their bank's check, or a UPI AutoPay mandate or card that can no
 * longer be charged): the driver confirms it here (`confirm`, from their page); the host is told it waits.
 */
function RenewalToConfirm({ booking: b, period, confirm }: { booking: Booking; period: BookingPeriod; confirm?: ReactNode }) {
  const zone = b.listing.time_zone;
  const host = b.viewer_role === 'host';
  return (
    <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="flex gap-2">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <span className="block font-semibold">
            {host ? 'The renewal is waiting for the driver' : 'This month’s payment needs you'}
          </span>
          {host
            ? `The payment of ${formatMoney(period.total, b.currency)} for the month from ${formatLongDate(period.start, zone)} can only go through once the driver confirms it.`
            : `The payment of ${formatMoney(period.total, b.currency)} for the month from ${formatLongDate(period.start, zone)} could not be taken without you: your bank, or your UPI app, needs you to confirm it.`}{' '}
          {nextTryText(b, period, 'your saved payment method')}
        </span>
      </p>
      {!host && confirm && <div className="mt-3">{confirm}</div>}
    </div>
  );
}

function PeriodRow({ booking: b, period: p }: { booking: Booking; period: BookingPeriod }) {
  const zone = b.listing.time_zone;
  const download = useMutation({ mutationFn: downloadInvoice });
  const invoiced = p.payment_status === 'paid' || p.payment_status === 'refunded';
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5 text-sm">
      <span className="font-medium text-slate-900">Month {p.n}</span>
      <span className="text-slate-700">
        {formatShortDate(p.start, zone)} – {formatShortDate(p.end, zone)}
      </span>
      <span className="text-slate-900 tabular-nums">{formatMoney(p.total, b.currency)}</span>
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONE[p.payment_status]}`}>{periodStatusText(p.payment_status, b.viewer_role)}</span>
      {invoiced && (
        <Button
          variant="ghost"
          className="ml-auto min-h-9 px-2 text-brand-700"
          disabled={download.isPending}
          onClick={() => download.mutate({ id: b.id, reference: b.reference, period: p.n })}
        >
          <FileDown aria-hidden="true" className="size-4" /> Invoice<span className="sr-only"> for month {p.n}</span>
        </Button>
      )}
      {download.error && (
        <p role="alert" className="w-full text-xs text-red-700">
          {download.error instanceof ApiError ? download.error.message : 'The invoice could not be downloaded. Please try again.'}
        </p>
      )}
    </li>
  );
}

/** "Give notice" behind a dialog that says the end date the notice gives. */
function GiveNotice({ booking: b, notice, onDone }: { booking: Booking; notice: NoticeAction; onDone: (ended: Booking) => void }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const zone = b.listing.time_zone;
  const days = b.notice_days ?? 30;
  const end = noticeEndsAt(b.start, zone, days);
  const host = b.viewer_role === 'host';
  const confirm = async () => {
    setError(null);
    try {
      const ended = await notice.giveNotice(b.id);
      setOpen(false);
      onDone(ended);
    } catch (err) {
      setOpen(false);
      setError(err instanceof ApiError ? err.message : 'Notice could not be given. Please try again.');
    }
  };
  return (
    <div>
      <p className="text-sm text-slate-700">
        {host ? 'To end this pass, give notice: the driver keeps the space' : 'To end your pass, give notice: you keep the space'} until the first renewal date at least {days} days
        away.
      </p>
      <Button variant="secondary" className="mt-3" onClick={() => setOpen(true)}>
        <CalendarX2 aria-hidden="true" className="size-4" /> Give notice
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Give notice?"
        description={
          <>
            The pass ends on <span className="font-semibold text-slate-900">{formatLongDate(end, zone)}</span>, the first renewal date at least {days} days from today.{' '}
            {host ? 'The driver is told and keeps the space until then.' : 'You keep the space until then, and nothing more is charged after the month already paid.'} Notice
            cannot be taken back.
          </>
        }
        confirmLabel="Give notice"
        busyLabel="Giving notice…"
        busy={notice.busy}
        danger
        onConfirm={() => void confirm()}
      />
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A monthly pass on its booking page (the driver's and the host's): the period running, when it renews,
 * the notice period, each period with its payment and invoice, a failed renewal's banner, and the way
 * to give notice (or the end a notice gave).
 */
export function MonthlyPass({ booking: b, notice, confirm }: { booking: Booking; notice: NoticeAction; confirm?: (period: BookingPeriod) => ReactNode }) {
  const [given, setGiven] = useState<string | null>(null);
  const zone = b.listing.time_zone;
  const periods = b.periods ?? [];
  const current = currentPeriod(periods);
  const failed = failedRenewal(periods);
  const waiting = renewalToConfirm(b);
  const running = b.status === 'confirmed';
  const upcoming = running && Date.parse(b.start) > Date.now();
  const noticeBy = b.notice_given_by ? (b.notice_given_by === b.viewer_role ? 'you' : b.notice_given_by === 'host' ? 'the host' : 'the driver') : null;
  return (
    <div className="space-y-4">
      {waiting && <RenewalToConfirm booking={b} period={waiting} confirm={confirm?.(waiting)} />}
      {failed && <RenewalFailed booking={b} period={failed} />}
      {b.ends_at && running && (
        <p className="flex items-start gap-2 rounded-xl border border-sky-200 bg-sky-50 p-3 text-sky-950">
          <CalendarX2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>
            <span className="font-semibold">{endsOnText(b.ends_at, zone)}</span>
            {noticeBy && b.notice_given_at && (
              <span className="block text-sm">
                Notice given by {noticeBy} on {formatLongDate(b.notice_given_at, zone)}.
              </span>
            )}
          </span>
        </p>
      )}
      {given && (
        <p role="status" className="text-sm font-medium text-slate-900">
          {given}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-slate-600">{upcoming ? 'Starts' : 'Started'}</dt>
          <dd className="font-medium text-slate-900">
            {formatDateTime(b.start, zone)} {zoneAbbreviation(zone, new Date(b.start))}
            {b.unit_label ? ` · ${b.unit_label}` : ''}
          </dd>
        </div>
        {current && (
          <div>
            <dt className="text-slate-600">{upcoming ? 'First period' : running ? 'Current period' : 'Last period'}</dt>
            <dd className="font-medium text-slate-900">
              {formatShortDate(current.start, zone)} – {formatShortDate(current.end, zone)}
            </dd>
          </div>
        )}
        <div>
          <dt className="text-slate-600">Renews on</dt>
          <dd className="font-medium text-slate-900">
            {running && b.renews_at ? (
              <span className="inline-flex items-center gap-1.5">
                <Repeat aria-hidden="true" className="size-4 text-brand-700" /> {formatLongDate(b.renews_at, zone)}
              </span>
            ) : (
              'Does not renew'
            )}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Notice period</dt>
          <dd className="font-medium text-slate-900">{b.notice_days ?? 30} days</dd>
        </div>
        {b.viewer_role === 'guest' && running && b.renews_at && (
          <div className="col-span-2">
            <dt className="text-slate-600">Renews with</dt>
            <dd className={`font-medium ${b.renews_with?.state === 'active' ? 'text-slate-900' : 'text-amber-900'}`}>{renewsWithLabel(b.renews_with ?? null)}</dd>
          </div>
        )}
      </dl>
      {running && b.renews_at && (
        <p className="text-sm text-slate-600">
          {b.viewer_role === 'host'
            ? 'The driver’s saved payment method is charged a day before each renewal, until one of you gives notice.'
            : renewsWithText(b.renews_with ?? null)}
        </p>
      )}
      {periods.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Periods</h3>
          <ol className="divide-y divide-slate-100">
            {periods.map((p) => (
              <PeriodRow key={p.n} booking={b} period={p} />
            ))}
          </ol>
        </div>
      )}
      {running && !b.ends_at && b.renews_at && (
        <div className="border-t border-slate-100 pt-4">
          <GiveNotice booking={b} notice={notice} onDone={() => setGiven(`Notice given: ${b.viewer_role === 'host' ? 'the driver' : 'the host'} has been told.`)} />
        </div>
      )}
    </div>
  );
}
