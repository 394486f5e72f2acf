/**
 * What a gate pass covers (decision 044). A stay with more time is several bookings (decision 039), but the
 * driver has one stay and one pass: the run of its confirmed (or, once over, completed) bookings joined end to
 * start, from the first's start to the last's end, under the first one's code. A monthly pass whose renewal is
 * being tried again keeps working until its last try (decision 037's schedule); once it has lapsed its end is
 * the end of the month paid for again, and the gate says so.
 */
import { isEarning } from '@parkly/shared/booking-lifecycle';
import type { BookingStatus } from '@parkly/shared/catalog';
import { lastRenewalTryAt } from '@parkly/shared/pass-dates';
import { PLATE_SEPARATOR } from '@parkly/shared/plates';

/** One booking of a stay, as the run is worked out from. */
export interface StayLink {
  id: string;
  status: BookingStatus;
  extends_booking_id: string | null;
  starts: Date;
  ends: Date;
  /** the plate of the booking's vehicle, or null */
  plate: string | null;
}

/** What the gate checks a pass against: the run's window, and 'confirmed' while any booking of it is. */
export interface GateWindow {
  starts: Date;
  ends: Date;
  status: BookingStatus;
}

const at = (d: Date) => new Date(d).getTime();

/**
 * The run of the stay `links` (every booking of one chain of extensions) that booking `id` belongs to, in order:
 * it and the paid bookings joined to it end to start, back to the first and on to the last. A booking not paid
 * (held, cancelled) is a run of its own.
 */
export function stayRun(links: StayLink[], id: string): StayLink[] {
  const self = links.find((l) => l.id === id);
  if (!self) return [];
  if (!isEarning(self.status)) return [self];
  const live = links.filter((l) => isEarning(l.status));
  const before = (l: StayLink) => live.find((p) => p.id === l.extends_booking_id && at(p.ends) === at(l.starts));
  // at most one paid booking follows another: two would hold the same place at the same time
  const after = (l: StayLink) => live.find((n) => n.extends_booking_id === l.id && at(n.starts) === at(l.ends));
  const run = [self];
  for (let p = before(self); p && run.length <= links.length; p = before(p)) run.unshift(p);
  for (let n = after(self); n && run.length <= links.length; n = after(n)) run.push(n);
  return run;
}

/** The window of a run: from its first start to its last end, confirmed while any booking of it is. */
export function runWindow(run: StayLink[]): GateWindow {
  const first = run[0]!;
  const last = run.at(-1)!;
  return { starts: first.starts, ends: last.ends, status: run.some((l) => l.status === 'confirmed') ? 'confirmed' : first.status };
}

/**
 * The plates a run's pass shows: each booking's, in the order they run, once each (decision 046). One plate in
 * the common case; a stay whose extension was booked with another vehicle shows both, because the signed QR
 * code is kept on the driver's phone and read offline at any time of the run: a plate "of the booking running
 * now" would be stale by then. Null when no booking of the run names a vehicle.
 */
export function runPlate(run: Pick<StayLink, 'plate'>[]): string | null {
  const plates = [...new Set(run.map((l) => l.plate).filter((p): p is string => Boolean(p)))];
  return plates.length ? plates.join(PLATE_SEPARATOR) : null;
}

/** The monthly pass columns the gate's end reads. */
export interface PassEndFields {
  plan: string;
  status: BookingStatus;
  ends: Date;
  renews_at: Date | null;
  next_charge_at: Date | null;
  /**
   * the renewal of the next period is under way: being tried again (its period 'retrying'), waiting on its driver
   * ('action_required'), or charged and not settled yet ('due': a UPI AutoPay debit, decision 042)
   */
  renewal_retrying: boolean;
}

/**
 * A booking's end at the gate: its end; for a running monthly pass whose renewal is being tried again, its last
 * try (or a later try the job has not made yet) when that is later. The pass lapses at that try if it fails, and
 * its end is then the end of the month paid for.
 */
export function gateEnd(b: PassEndFields): Date {
  if (b.plan !== 'monthly' || b.status !== 'confirmed' || !b.renewal_retrying || !b.renews_at) return new Date(b.ends);
  const tries = Math.max(at(lastRenewalTryAt(b.renews_at)), b.next_charge_at ? at(b.next_charge_at) : 0);
  return new Date(Math.max(at(b.ends), tries));
}
