/**
 * GST documents and their gap-less numbering (migrations/240_invoices.sql). Every function here takes
 * the caller's transaction: a number is given in the transaction that issues the document, so it is
 * used exactly when that transaction commits, and given back (to the next caller) when it rolls back.
 */
import { documentNumber, financialYearOf, type DocumentKind } from '@parkly/shared/gst';
import { one, type Queryable } from '../../db/database';

export interface Series {
  /** the issuer: null for Parkly, the host's id for the parking charge issued on the host's behalf */
  hostId: string | null;
  kind: DocumentKind;
  /** the calendar year the financial year starts in (financialYearOf(...).startYear) */
  financialYear: number;
}

/**
 * The next number of a series. The upsert locks the series' row until the caller's transaction ends,
 * so a second caller waits and then reads the first one's number once it is committed (or the same
 * number again when it was rolled back): the series never skips or repeats a number. Call it last
 * in a transaction, just before the commit, to hold the lock for as short a time as possible.
 */
export async function nextSequence(tx: Queryable, s: Series): Promise<number> {
  const row = await one<{ last_number: number }>(
    tx,
    `INSERT INTO invoice_series AS s (host_id, kind, financial_year, last_number) VALUES ($1, $2, $3, 1)
     ON CONFLICT ON CONSTRAINT invoice_series_key DO UPDATE SET last_number = s.last_number + 1
     RETURNING last_number`,
    [s.hostId, s.kind, s.financialYear],
  );
  return row!.last_number;
}

export interface IssueInput<D> {
  bookingId: string;
  hostId: string | null;
  kind: DocumentKind;
  /** the credit note's invoice (required for a credit note, refused otherwise by the database) */
  creditsInvoiceId?: string | null;
  issuedAt: Date;
  /** the document as printed, once its number is known */
  document: (number: string) => D;
}

export interface IssuedRow<D> {
  id: string;
  number: string;
  issued_at: Date;
  document: D;
}

/** Numbers a document in its series (the financial year of issuedAt, India time) and stores it frozen. */
export async function issueDocument<D extends object>(tx: Queryable, input: IssueInput<D>): Promise<IssuedRow<D>> {
  const fy = financialYearOf(input.issuedAt);
  const sequence = await nextSequence(tx, { hostId: input.hostId, kind: input.kind, financialYear: fy.startYear });
  const issuer = input.hostId === null ? 'parkly' : 'host';
  const number = documentNumber(issuer, input.kind, fy, sequence);
  const document = input.document(number);
  const row = await one<IssuedRow<D>>(
    tx,
    `INSERT INTO invoices (booking_id, host_id, kind, financial_year, sequence, number, credits_invoice_id, issued_at, document)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     RETURNING id, number, issued_at, document`,
    [input.bookingId, input.hostId, input.kind, fy.startYear, sequence, number, input.creditsInvoiceId ?? null, input.issuedAt, JSON.stringify(document)],
  );
  return row!;
}

/** A booking's documents, oldest first (the invoices, then any credit notes). */
export function findBookingDocuments<D = unknown>(db: Queryable, bookingId: string) {
  return db.query<{ id: string; kind: DocumentKind; number: string; issued_at: Date; document: D }>(
    `SELECT id, kind, number, issued_at, document FROM invoices WHERE booking_id = $1 ORDER BY issued_at, number`,
    [bookingId],
  );
}
