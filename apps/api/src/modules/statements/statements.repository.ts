/**
 * SQL of a host's monthly statements, read from the host ledger (decision 004): what earned and what
 * was refunded in a month (kinds earning and reversal, as GET host/earnings counts its months), and
 * the payouts paid in it (payout_paid). Months are cut on EARNINGS_TIME_ZONE's clock.
 */
import { EARNINGS_TIME_ZONE } from '@parkly/shared/earnings';
import type { Queryable } from '../../db/database';

const MONTH = `to_char(occurred_at AT TIME ZONE '${EARNINGS_TIME_ZONE}', 'YYYY-MM')`;

export interface MonthRow {
  month: string;
  bookings: number;
  gross: number;
  commission: number;
  refunds: number;
  net: number;
  paid_out: number;
}

/** Every month with an earning, a refund or a paid payout, newest first. */
export function findStatementMonths(db: Queryable, hostId: string, currency: string) {
  return db.query<MonthRow>(
    `SELECT ${MONTH} AS month,
            count(*) FILTER (WHERE kind = 'earning') AS bookings,
            COALESCE(sum(gross) FILTER (WHERE kind = 'earning'), 0) AS gross,
            COALESCE(sum(commission) FILTER (WHERE kind = 'earning'), 0) AS commission,
            COALESCE(-sum(net) FILTER (WHERE kind = 'reversal'), 0) AS refunds,
            COALESCE(sum(net) FILTER (WHERE kind IN ('earning', 'reversal')), 0) AS net,
            COALESCE(sum(paid_out) FILTER (WHERE kind = 'payout_paid'), 0) AS paid_out
       FROM host_ledger_entries
      WHERE host_id = $1 AND currency = $2 AND kind IN ('earning', 'reversal', 'payout_paid')
      GROUP BY 1 ORDER BY 1 DESC`,
    [hostId, currency],
  );
}

export interface LineRow {
  occurred_at: Date;
  kind: 'earning' | 'reversal';
  booking_id: string | null;
  title: string | null;
  gross: number;
  commission: number;
  net: number;
}

/** The month's earnings and refunds, oldest first. */
export function findStatementLines(db: Queryable, hostId: string, currency: string, from: string, to: string) {
  return db.query<LineRow>(
    `SELECT e.occurred_at, e.kind, e.booking_id, l.title, e.gross, e.commission, e.net
       FROM host_ledger_entries e LEFT JOIN listings l ON l.id = e.listing_id
      WHERE e.host_id = $1 AND e.currency = $2 AND e.kind IN ('earning', 'reversal') AND e.occurred_at >= $3 AND e.occurred_at < $4
      ORDER BY e.occurred_at, e.id`,
    [hostId, currency, from, to],
  );
}

export interface PayoutLineRow {
  occurred_at: Date;
  destination: string;
  reference: string | null;
  amount: number;
}

/** The payouts paid in the month, oldest first. */
export function findStatementPayouts(db: Queryable, hostId: string, currency: string, from: string, to: string) {
  return db.query<PayoutLineRow>(
    `SELECT e.occurred_at, p.destination, p.reference, e.paid_out AS amount
       FROM host_ledger_entries e JOIN host_payouts p ON p.id = e.payout_id
      WHERE e.host_id = $1 AND e.currency = $2 AND e.kind = 'payout_paid' AND e.occurred_at >= $3 AND e.occurred_at < $4
      ORDER BY e.occurred_at, e.id`,
    [hostId, currency, from, to],
  );
}
