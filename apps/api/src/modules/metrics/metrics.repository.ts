import type { BookingStatus } from '@parkly/shared/catalog';
import type { Queryable } from '../../db/database';

export interface OutboxBacklog {
  due: number;
  retrying: number;
  sending: number;
  failed: number;
}

/** Each count reads one partial index (email_outbox_due_idx, _lease_idx, _failed_idx), never the sent mail. */
export async function outboxBacklog(db: Queryable): Promise<OutboxBacklog> {
  const [row] = await db.query<OutboxBacklog>(
    `SELECT (SELECT count(*) FROM email_outbox WHERE status = 'pending' AND next_attempt_at <= now())::int AS due,
            (SELECT count(*) FROM email_outbox WHERE status = 'pending' AND next_attempt_at > now())::int AS retrying,
            (SELECT count(*) FROM email_outbox WHERE status = 'sending')::int AS sending,
            (SELECT count(*) FROM email_outbox WHERE status = 'failed')::int AS failed`,
  );
  return row!;
}

export interface LiveBookingCount {
  status: BookingStatus;
  n: number;
}

/** The statuses that hold a unit or wait on someone, each counted through its partial index. */
export const LIVE_BOOKING_STATUSES = ['pending_payment', 'requested', 'confirmed'] as const satisfies readonly BookingStatus[];

export async function countLiveBookings(db: Queryable): Promise<LiveBookingCount[]> {
  const [row] = await db.query<Record<(typeof LIVE_BOOKING_STATUSES)[number], number>>(
    `SELECT (SELECT count(*) FROM bookings WHERE status = 'pending_payment')::int AS pending_payment,
            (SELECT count(*) FROM bookings WHERE status = 'requested')::int AS requested,
            (SELECT count(*) FROM bookings WHERE status = 'confirmed')::int AS confirmed`,
  );
  return LIVE_BOOKING_STATUSES.map((status) => ({ status, n: row![status] }));
}
