/**
 * A host's monthly statement (docs/decisions/030-gst-identities-and-statements.md): the month's
 * earnings and refunds from the host ledger, the totals GET host/earnings shows for that month, Parkly's
 * commission with its GST carved out (tax-inclusive, as every Parkly amount), and the payouts paid.
 * The PDF (invoice-pdf.ts) and the CSV (statement-csv.ts) print this one object.
 */
import { EARNINGS_TIME_ZONE, lastMonths, monthLabel } from '@parkly/shared/earnings';
import { GST_STATES, taxInclusive, type GstStateCode, type TaxSplit } from '@parkly/shared/gst';
import { STATEMENT_MONTH_PATTERN, type StatementMonth } from '@parkly/shared/statements';
import { zonedIso } from '@parkly/shared/time';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { bookingReference } from '../bookings/booking-notices';
import { findLedgerCurrency } from '../earnings/host-ledger.repository';
import { findHost } from '../earnings/payouts.repository';
import { findHostTaxIdentity } from '../tax-identity/tax-identity.repository';
import * as repo from './statements.repository';

export interface StatementDeps {
  db: Queryable;
  /** the currency of a host with no ledger yet */
  currency: string;
  /** config.gst: the rate, and Parkly's GSTIN and state (null when the server has none) */
  gst: { ratePercent: number; gstin: string | null; stateCode: GstStateCode | null };
}

export interface StatementLine {
  at: Date;
  kind: 'earning' | 'refund';
  booking: string | null;
  listing: string;
  gross: number;
  commission: number;
  net: number;
}

export interface Statement {
  month: string;
  /** 'Mar 2026' */
  label: string;
  /** the first instant of the month and of the next, India's clock */
  from: Date;
  to: Date;
  currency: string;
  host: { name: string; legalName: string | null; gstin: string | null };
  lines: StatementLine[];
  /** as GET host/earnings' month: gross and commission of the earnings, refunds the host's share, net */
  totals: { bookings: number; gross: number; commission: number; refunds: number; net: number };
  /**
   * Parkly's commission kept in the month (charged less given back on refunds), GST carved out of it;
   * null when this server has no GST registration (PARKLY_GSTIN / PARKLY_STATE unset).
   */
  commissionTax: (TaxSplit & { amount: number; parklyGstin: string | null; placeOfSupply: string }) | null;
  payouts: { at: Date; destination: string; reference: string | null; amount: number }[];
  paidOut: number;
}

async function requireHost(db: Queryable, userId: string) {
  const host = await findHost(db, userId);
  if (!host) throw new AppError('FORBIDDEN', 'Become a host to see your statements');
  return host;
}

/** GET host/statements: the months with activity, newest first. */
export async function listStatementMonths(deps: Pick<StatementDeps, 'db' | 'currency'>, userId: string): Promise<StatementMonth[]> {
  await requireHost(deps.db, userId);
  const currency = (await findLedgerCurrency(deps.db, userId)) ?? deps.currency;
  const rows = await repo.findStatementMonths(deps.db, userId, currency);
  return rows.map((r) => ({
    month: r.month,
    currency,
    bookings: Number(r.bookings),
    gross: Number(r.gross),
    commission: Number(r.commission),
    refunds: Number(r.refunds),
    net: Number(r.net),
    paid_out: Number(r.paid_out),
  }));
}

const badMonth = () => new AppError('VALIDATION', 'The month must be written YYYY-MM, such as 2026-03', { errors: { month: 'Use YYYY-MM, such as 2026-03' } });

/** The month's first instant and the next month's, on India's clock. */
function monthRange(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: zonedIso(`${month}-01`, '00:00', EARNINGS_TIME_ZONE), to: zonedIso(`${next}-01`, '00:00', EARNINGS_TIME_ZONE) };
}

/** Carves GST out of a tax-inclusive amount that may be negative (more commission given back than charged). */
function carve(amount: number, rate: number, supplier: GstStateCode, place: GstStateCode): TaxSplit {
  const split = taxInclusive(Math.abs(amount), rate, supplier, place);
  if (amount >= 0) return split;
  return { ...split, taxable: -split.taxable, total: -split.total, taxes: split.taxes.map((t) => ({ ...t, amount: -t.amount })) };
}

/** GET host/statements/:month.pdf and .csv: 400 on a bad month, 404 for a month with nothing (or before the ledger). */
export async function buildStatement(deps: StatementDeps, userId: string, month: string): Promise<Statement> {
  if (!STATEMENT_MONTH_PATTERN.test(month)) throw badMonth();
  // a month still to come has nothing yet: not found, as an empty past month
  if (month > lastMonths(1, EARNINGS_TIME_ZONE)[0]!) throw new AppError('NOT_FOUND', 'There is no statement for that month yet');
  const { db } = deps;
  const host = await requireHost(db, userId);
  const currency = (await findLedgerCurrency(db, userId)) ?? deps.currency;
  const { from, to } = monthRange(month);
  const [lines, payouts, identity] = [
    await repo.findStatementLines(db, userId, currency, from, to),
    await repo.findStatementPayouts(db, userId, currency, from, to),
    await findHostTaxIdentity(db, userId),
  ];
  if (lines.length === 0 && payouts.length === 0) throw new AppError('NOT_FOUND', 'Nothing was earned, refunded or paid out in that month');

  const earnings = lines.filter((l) => l.kind === 'earning');
  const sum = (rows: repo.LineRow[], key: 'gross' | 'commission' | 'net') => rows.reduce((a, r) => a + Number(r[key]), 0);
  const totals = {
    bookings: earnings.length,
    gross: sum(earnings, 'gross'),
    commission: sum(earnings, 'commission'),
    refunds: -sum(lines.filter((l) => l.kind === 'reversal'), 'net'),
    net: sum(lines, 'net'),
  };
  // the commission is Parkly's service to the host: supplied where a registered host is registered,
  // otherwise (no address of the host on record) where Parkly is
  const kept = sum(lines, 'commission');
  const { gst } = deps;
  const supplier = gst.stateCode;
  const place = (identity?.gstin.slice(0, 2) as GstStateCode | undefined) ?? supplier;
  const commissionTax =
    supplier && place
      ? { amount: kept, ...carve(kept, gst.ratePercent, supplier, place), parklyGstin: gst.gstin, placeOfSupply: `${GST_STATES[place]} (${place})` }
      : null;

  return {
    month,
    label: monthLabel(month),
    from: new Date(from),
    to: new Date(to),
    currency,
    host: { name: host.name, legalName: identity?.legal_name ?? null, gstin: identity?.gstin ?? null },
    lines: lines.map((l) => ({
      at: new Date(l.occurred_at),
      kind: l.kind === 'earning' ? 'earning' : 'refund',
      booking: l.booking_id ? bookingReference(l.booking_id) : null,
      listing: l.title ?? 'Parking space',
      gross: Number(l.gross),
      commission: Number(l.commission),
      net: Number(l.net),
    })),
    totals,
    commissionTax,
    payouts: payouts.map((p) => ({ at: new Date(p.occurred_at), destination: p.destination, reference: p.reference, amount: Number(p.amount) })),
    paidOut: payouts.reduce((a, p) => a + Number(p.amount), 0),
  };
}
