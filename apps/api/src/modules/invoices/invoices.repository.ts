/**
 * GST documents and their gap-less numbering (migrations/240_invoices.sql). Every function here takes
 * the caller's transaction: a number is given in the transaction that issues the document, so it is
 * used exactly when that transaction commits, and given back (to the next caller) when it rolls back.
 */
import { documentNumber, financialYearOf, type DocumentKind } from '@parkly/shared/gst';
import { one, type Queryable } from '../../db/database';
import type { InvoiceDocument } from './invoice-document';

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
/** A booking's documents; a monthly pass's of one period (`period`: its first period's carry 1, decision 037). */
export function findBookingDocuments<D = unknown>(db: Queryable, bookingId: string, period: number | null = null) {
  return db.query<{ id: string; kind: DocumentKind; number: string; issued_at: Date; document: D }>(
    `SELECT id, kind, number, issued_at, document FROM invoices
      WHERE booking_id = $1 AND ($2::int IS NULL OR period = $2::int)
      ORDER BY issued_at, host_id IS NOT NULL, number`,
    [bookingId, period],
  );
}

/** What a booking's documents print, read in one statement: the booking, its listing, host, driver, their GST identities and the documents it has. */
export interface InvoiceFacts {
  id: string;
  host_id: string;
  guest_id: string;
  starts: Date;
  ends: Date;
  time_zone: string;
  subtotal: number;
  service_fee: number;
  total: number;
  /** a promotion code's discount and the code (decision 036): 0 and null without one */
  discount: number;
  promo_code: string | null;
  title: string | null;
  address_line1: string | null;
  locality: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  host_name: string;
  host_gstin: string | null;
  host_legal_name: string | null;
  guest_name: string;
  guest_gstin: string | null;
  guest_legal_name: string | null;
  /** the booking's documents so far: what a credit note credits, and what earlier notes credited */
  documents: { id: string; host_id: string | null; kind: DocumentKind; number: string; issued_at: string; total: number; credits_invoice_id: string | null; document: InvoiceDocument }[];
}

/**
 * The facts of a booking's documents; of a monthly pass's period `period` (decision 037): its times and prices
 * (a promo code's discount is the first period's only), and the documents of that period.
 */
export function findInvoiceFacts(db: Queryable, bookingId: string, period: number | null = null) {
  return one<InvoiceFacts>(
    db,
    `SELECT b.id, l.host_id, b.guest_id, COALESCE(lower(p.during), lower(b.during)) AS starts, COALESCE(upper(p.during), upper(b.during)) AS ends,
            l.time_zone, COALESCE(p.subtotal, b.subtotal) AS subtotal, COALESCE(p.service_fee, b.service_fee) AS service_fee,
            COALESCE(p.total, b.total) AS total,
            COALESCE(p.discount, (b.price_breakdown->>'discount')::int, 0) AS discount,
            CASE WHEN COALESCE(p.discount, 1) > 0 THEN b.price_breakdown->>'promo_code' END AS promo_code,
            l.title, l.address_line1, l.locality, l.city, l.state, l.postal_code,
            h.name AS host_name, ht.gstin AS host_gstin, ht.legal_name AS host_legal_name,
            g.name AS guest_name, gt.gstin AS guest_gstin, gt.legal_name AS guest_legal_name,
            COALESCE((SELECT jsonb_agg(jsonb_build_object('id', i.id, 'host_id', i.host_id, 'kind', i.kind, 'number', i.number, 'issued_at', i.issued_at,
                                                          'total', (i.document->>'total')::bigint, 'credits_invoice_id', i.credits_invoice_id, 'document', i.document) ORDER BY i.issued_at, i.number)
                        FROM invoices i WHERE i.booking_id = b.id AND ($2::int IS NULL OR i.period = $2::int)), '[]'::jsonb) AS documents
       FROM bookings b
       LEFT JOIN booking_periods p ON p.booking_id = b.id AND p.n = $2::int
       JOIN listings l ON l.id = b.listing_id
       JOIN users h ON h.id = l.host_id
       JOIN users g ON g.id = b.guest_id
       LEFT JOIN tax_identities ht ON ht.user_id = l.host_id AND ht.role = 'host'
       LEFT JOIN tax_identities gt ON gt.user_id = b.guest_id AND gt.role = 'driver'
      WHERE b.id = $1`,
    [bookingId, period],
  );
}

export interface NewDocument {
  hostId: string | null;
  kind: DocumentKind;
  creditsInvoiceId: string | null;
  /** the number without its sequence: 'PKI/2627/' (documentNumber's prefix) */
  prefix: string;
  /** the document as printed, its number filled in by the statement */
  document: object;
}

/**
 * Numbers and stores several documents of one booking in ONE statement: each series' counter upserted
 * (locked until the transaction ends, as nextSequence) and each document inserted with its number. The
 * series are locked in the order given, which callers keep the same (Parkly's first, then the host's), so
 * two confirmations never wait on each other crosswise. Every document must be of a different series.
 */
export async function issueDocuments(tx: Queryable, bookingId: string, financialYear: number, issuedAt: Date, docs: NewDocument[], period: number | null = null) {
  const values = docs.map((_, i) => `($${5 + 2 * i}::uuid, $${6 + 2 * i}::text, $3::smallint, 1)`).join(', ');
  const params: unknown[] = [bookingId, issuedAt, financialYear, period];
  for (const d of docs) params.push(d.hostId, d.kind);
  params.push(JSON.stringify(docs.map((d) => ({ host_id: d.hostId, kind: d.kind, credits: d.creditsInvoiceId, prefix: d.prefix, document: d.document }))));
  return tx.query<{ id: string; kind: DocumentKind; number: string; host_id: string | null }>(
    `WITH series AS (
       INSERT INTO invoice_series AS s (host_id, kind, financial_year, last_number) VALUES ${values}
       ON CONFLICT ON CONSTRAINT invoice_series_key DO UPDATE SET last_number = s.last_number + 1
       RETURNING host_id, kind, last_number),
     numbered AS (
       SELECT d.host_id, d.kind, d.credits, s.last_number AS sequence, d.prefix || lpad(s.last_number::text, 7, '0') AS number, d.document
         FROM jsonb_to_recordset($${5 + 2 * docs.length}::jsonb) AS d(host_id uuid, kind text, credits uuid, prefix text, document jsonb)
         JOIN series s ON s.host_id IS NOT DISTINCT FROM d.host_id AND s.kind = d.kind)
     INSERT INTO invoices (booking_id, host_id, kind, financial_year, sequence, number, credits_invoice_id, issued_at, document, period)
     SELECT $1, host_id, kind, $3, sequence, number, credits, $2, jsonb_set(document, '{number}', to_jsonb(number)), $4::int FROM numbered
     RETURNING id, kind, number, host_id`,
    params,
  );
}

