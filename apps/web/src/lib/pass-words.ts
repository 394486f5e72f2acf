import type { PassEvent } from '@parkly/shared/booking-lifecycle';
import type { Booking, BookingPeriod, PeriodPaymentStatus } from '@parkly/shared/bookings';
import { mandateStopped } from '@parkly/shared/mandates';
import { formatDayMonth, formatLongDate } from '@parkly/shared/time';

/** Plain words for a monthly pass (issue 20), shared by the driver's and the host's screens. */

type PassFields = Pick<Booking, 'plan' | 'status' | 'renews_at' | 'ends_at' | 'listing'>;

export const isPass = (b: Pick<Booking, 'plan'>) => b.plan === 'monthly';

/** 'Monthly pass · renews 31 Dec', 'Monthly pass · ends 10 Jan', or 'Monthly pass' once it is over. */
export function passBadgeText(b: PassFields): string {
  const zone = b.listing.time_zone;
  if (b.status === 'confirmed' && b.ends_at) return `Monthly pass · ends ${formatDayMonth(b.ends_at, zone)}`;
  if (b.status === 'confirmed' && b.renews_at) return `Monthly pass · renews ${formatDayMonth(b.renews_at, zone)}`;
  return 'Monthly pass';
}

export const PERIOD_STATUS_LABELS: Record<PeriodPaymentStatus, string> = {
  paid: 'Paid',
  due: 'Due',
  retrying: 'Payment failed: retrying',
  action_required: 'Waiting for your confirmation',
  failed: 'Payment failed',
  refunded: 'Refunded',
};

/** The period running now (or the last one, once the pass is over). */
export function currentPeriod(periods: BookingPeriod[], now = Date.now()): BookingPeriod | undefined {
  return periods.find((p) => Date.parse(p.start) <= now && now < Date.parse(p.end)) ?? periods.at(-1);
}

/** A period's payment status in the reader's words (the host does not confirm the driver's payment). */
export const periodStatusText = (s: PeriodPaymentStatus, viewer: Booking['viewer_role']) =>
  s === 'action_required' && viewer !== 'guest' ? 'Waiting for the driver' : PERIOD_STATUS_LABELS[s];

/** A renewal whose payment failed and is tried again, or failed for good. */
export const failedRenewal = (periods: BookingPeriod[]) => periods.find((p) => p.payment_status === 'retrying' || p.payment_status === 'failed');

/** A renewal the provider will not take without the driver (decision 042): they confirm it on their booking page. */
export const renewalToConfirm = (b: Pick<Booking, 'status' | 'periods'>) => (b.status === 'confirmed' ? (b.periods ?? []).find((p) => p.payment_status === 'action_required') : undefined);

type Turn = Pick<Booking['events'][number], 'by'> & { event: PassEvent };
type Viewer = Booking['viewer_role'];

const who = (by: Turn['by'], viewer: Viewer) => (by === viewer ? 'you' : by === 'guest' ? 'the driver' : by === 'host' ? 'the host' : by === 'admin' ? 'Parkly support' : 'Parkly');

/** A pass's turns in its history (decision 037's events), in the reader's words. */
export function passEventText(e: Turn, viewer: Viewer): string {
  switch (e.event) {
    case 'renew':
      return 'Renewed: the next month was paid';
    case 'renewal_failed':
      return viewer === 'host' ? 'The renewal payment failed: Parkly tries the driver’s card again' : 'The renewal payment failed: we try your card again';
    case 'renewal_action_required':
      return viewer === 'host' ? 'The renewal payment is waiting for the driver to confirm it' : 'The renewal payment needs your confirmation';
    case 'give_notice': {
      const by = who(e.by, viewer);
      return `Notice given by ${by}: the pass ends at the end of the notice period`;
    }
    case 'renewal_lapsed':
      return 'Ended: the renewal could not be paid, so the pass ends with the month already paid';
  }
}

/** When a pass runs, for a list: 'From 29 November 2026, renews monthly' or '29 November 2026 – 10 January 2027, monthly'. */
export function passWhenText(b: Pick<Booking, 'start' | 'ends_at' | 'listing'>): string {
  const zone = b.listing.time_zone;
  return b.ends_at ? `${formatLongDate(b.start, zone)} – ${formatLongDate(b.ends_at, zone)}, monthly` : `From ${formatLongDate(b.start, zone)}, renews monthly`;
}

/** 'Ends on 10 January 2027'. */
export const endsOnText = (endsAt: string, zone: string) => `Ends on ${formatLongDate(endsAt, zone)}`;

type RenewsWith = Booking['renews_with'];

/** What a pass renews with, for its driver: 'UPI AutoPay · name@bank', or '… (cancelled in your UPI app)' once stopped (decision 045). */
export function renewsWithLabel(r: RenewsWith): string {
  if (!r) return 'Nothing saved: you confirm each month';
  const stopped = mandateStopped(r.method, r.state);
  return stopped ? `${r.label} (${stopped})` : r.label;
}

/** How the driver's pass renews, in a sentence: charged by itself, or (nothing saved, a mandate stopped) confirmed by them. */
export function renewsWithText(r: RenewsWith): string {
  if (r && r.state === 'active') return `Renews monthly until you give notice: ${r.label} is ${r.method === 'upi' ? 'debited' : 'charged'} a day before each renewal.`;
  const confirm = 'A day before each renewal we ask you to confirm that month’s payment here; paying it sets up your renewals again.';
  if (!r) return `Renews monthly until you give notice, but nothing is saved that renews it by itself. ${confirm}`;
  return `Renewals are stopped: ${r.label} was ${mandateStopped(r.method, r.state)}. ${confirm}`;
}
