/**
 * A statement as CSV (RFC 4180: CRLF, fields with a comma, quote or line break quoted, quotes doubled),
 * for a spreadsheet. Text a host or a guest wrote (a listing's title, a payout reference) is never
 * taken for a formula: a cell starting with =, +, -, @, a tab or a carriage return gets a leading '
 * (OWASP's CSV injection advice). Amounts are rupees with two decimals and no symbol, so they sum.
 */
import { zonedParts } from '@parkly/shared/time';
import type { Statement } from './statements.service';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell: defused, then quoted when it needs to be. */
export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** An amount cell: paise as rupees, '-12.50' (numbers are written by us, never defused). */
export const csvAmount = (paise: number) => `${paise < 0 ? '-' : ''}${Math.trunc(Math.abs(paise) / 100)}.${String(Math.abs(paise) % 100).padStart(2, '0')}`;

const row = (...cells: string[]) => cells.join(',');

export function statementCsv(s: Statement, timeZone: string): string {
  // 2026-03-14: a date every spreadsheet reads as one
  const day = (d: Date) => zonedParts(d, timeZone).date;
  const out: string[] = [
    row('Parkly statement', csvText(s.label), csvText(s.host.legalName ?? s.host.name), csvText(s.host.gstin ?? ''), s.currency),
    '',
    row('Date', 'Type', 'Booking', 'Space', 'Gross', 'Commission', 'Net'),
    ...s.lines.map((l) =>
      row(day(l.at), l.kind === 'earning' ? 'Earning' : 'Refund', csvText(l.booking ?? ''), csvText(l.listing), csvAmount(l.gross), csvAmount(l.commission), csvAmount(l.net)),
    ),
    '',
    row('Total', 'Amount'),
    row('Bookings', String(s.totals.bookings)),
    row('Gross', csvAmount(s.totals.gross)),
    row('Parkly commission', csvAmount(s.totals.commission)),
    row('Your share of refunds', csvAmount(s.totals.refunds)),
    row('Net earnings', csvAmount(s.totals.net)),
  ];
  if (s.commissionTax) {
    out.push(row('Commission kept after refunds (GST included)', csvAmount(s.commissionTax.amount)));
    out.push(row('Commission taxable value', csvAmount(s.commissionTax.taxable)));
    for (const t of s.commissionTax.taxes) out.push(row(`${t.label} @ ${t.rate}%`, csvAmount(t.amount)));
  }
  out.push('', row('Payout date', 'Paid to', 'Reference', 'Amount'));
  for (const p of s.payouts) out.push(row(day(p.at), csvText(p.destination), csvText(p.reference ?? ''), csvAmount(p.amount)));
  out.push(row('Paid out', '', '', csvAmount(s.paidOut)));
  return `${out.join('\r\n')}\r\n`;
}
