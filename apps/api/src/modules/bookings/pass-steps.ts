/**
 * A monthly pass's side of the booking process (decision 037): what an event does to the pass's periods, and its
 * `during` following its end. booking-process.ts declares the step of each event (`pass`); lifecycle.transition
 * runs it in the event's transaction, after the row is written. A stay has no pass step to run: each step reads
 * the row's plan and does nothing for a stay.
 */
import { renewalAttemptAt } from '@parkly/shared/pass-dates';
import { addZonedMonths } from '@parkly/shared/time';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { EventInput, Plan, ProcessBooking } from './booking-process';
import { syncPassEnd, updatePeriod } from './pass-periods.repository';

const DAY = 86_400_000;

export const notAPass = () => new AppError('NOT_A_PASS', 'This booking is a stay, not a monthly pass: it ends at its end time. Notice is only given on a monthly pass.');

/**
 * Where notice given at `at` ends the pass: the first renewal date (its start plus whole months, on the listing's
 * clock) at least notice_days after `at`, and never before the end of the period already paid for.
 */
export function noticeEndsAt(b: ProcessBooking, at: Date): Date {
  const days = b.notice_days ?? 30;
  const earliest = at.getTime() + days * DAY;
  const paid = b.period_end ? new Date(b.period_end).getTime() : 0;
  const tz = b.time_zone ?? 'Asia/Kolkata';
  for (let k = 1; k < 1200; k++) {
    const d = addZonedMonths(b.starts!, k, tz);
    if (d.getTime() >= earliest && d.getTime() >= paid) return d;
  }
  throw new Error('no renewal date within a century');
}

/** The pass steps an event may declare. */
export type PassStep = 'first_paid' | 'renewed' | 'retry' | 'action_required' | 'lapsed' | 'notice' | 'cancelled';

/** Runs `step` for the booking (after its row was written by the event); nothing for a stay. */
export async function runPassStep(tx: Queryable, step: PassStep, b: ProcessBooking, plan: Plan, input: EventInput) {
  const row = (await tx.query<{ plan: string; renews_at: Date | null }>(`SELECT plan, renews_at FROM bookings WHERE id = $1`, [b.id]))[0];
  if (row?.plan !== 'monthly') return;
  const r = input.renewal;
  switch (step) {
    case 'first_paid':
      // the first period is paid (charged, or its authorisation captured): the renewal job charges a day before it ends
      await updatePeriod(tx, b.id, 1, { payment_status: 'paid', paid_at: new Date(), attempts: 1 });
      if (row.renews_at) await tx.query(`UPDATE bookings SET next_charge_at = $2 WHERE id = $1`, [b.id, renewalAttemptAt(new Date(row.renews_at), 1)]);
      return;
    case 'renewed':
      await updatePeriod(tx, b.id, r!.n, { payment_status: 'paid', paid_at: r!.at, attempts: r!.attempts, payment_id: r!.paymentId ?? null, pending_key: null, pending_at: null, next_attempt_at: null });
      return;
    case 'retry':
      await updatePeriod(tx, b.id, r!.n, { payment_status: 'retrying', attempts: r!.attempts, pending_key: null, pending_at: null, next_attempt_at: r!.nextAttemptAt ?? null });
      return;
    case 'action_required':
      // the renewal waits on its driver (decision 042); the saved method is still tried at the next attempt
      await updatePeriod(tx, b.id, r!.n, { payment_status: 'action_required', attempts: r!.attempts, pending_key: null, pending_at: null, next_attempt_at: r!.nextAttemptAt ?? null });
      return;
    case 'lapsed':
      await updatePeriod(tx, b.id, r!.n, { payment_status: 'failed', attempts: r!.attempts, pending_key: null, pending_at: null, next_attempt_at: null });
      await syncPassEnd(tx, b.id);
      return;
    case 'notice':
      await syncPassEnd(tx, b.id);
      return;
    case 'cancelled':
      // a pass is cancelled only before it starts: its first period is refunded when money went back
      await tx.query(`UPDATE bookings SET next_charge_at = NULL WHERE id = $1`, [b.id]);
      if ((plan.refund ?? 0) > 0) await updatePeriod(tx, b.id, 1, { payment_status: 'refunded' });
      return;
  }
}
