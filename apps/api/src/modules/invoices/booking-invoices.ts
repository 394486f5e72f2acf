/**
 * A booking's GST documents (docs/decisions/031-booking-invoices.md), issued by the booking process
 * (booking-process.ts declares which events issue what; lifecycle.transition runs it in the event's
 * transaction, after the ledger step):
 * - on confirmation (`invoices`): Parkly's invoice for the service fee and the host's document for the
 *   parking charge (a tax invoice with a valid host GSTIN, else a bill of supply), both tax-inclusive,
 *   the driver's GSTIN and business name as the recipient's when they have them;
 * - on a refund (`credit_notes`): a credit note against each of the two for its share of the refund (the
 *   host's share as the host ledger reverses it: shareOf the subtotal), in series of their own.
 * Everything is read in one statement and both documents, their series' counters included, written in
 * another. A document is never guessed: without Parkly's GSTIN and state, or without a known place of
 * supply, the document shows no GST split and says why.
 */
import { documentNumber, financialYearOf, hostDocumentKind, normalizeGstin, stateCodeOfGstin, stateCodeOfName, type DocumentKind, type GstStateCode } from '@parkly/shared/gst';
import { discountSplit } from '@parkly/shared/promo-codes';
import { formatPeriod } from '@parkly/shared/time';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { shareOf } from '../earnings/host-ledger';
import { bookingReference } from '../bookings/booking-notices';
import { findBookingRow } from '../bookings/bookings.repository';
import { bookingNotFound } from '../bookings/bookings.service';
import { buildDocument, type DocumentParty, type InvoiceDocument } from './invoice-document';
import { invoiceMoney, renderDocumentsPdf } from './invoice-pdf';
import { findBookingDocuments, findInvoiceFacts, issueDocuments, type InvoiceFacts, type NewDocument } from './invoices.repository';

/** config.gst: the rate, and Parkly's GSTIN and state (null when the server has none). */
export interface GstSettings {
  ratePercent: number;
  gstin: string | null;
  stateCode: GstStateCode | null;
}

/** What an event of the booking process issues (booking-process.ts). */
export type DocumentStep = 'invoices' | 'credit_notes' | null;

export const NO_PARKLY_GST_NOTE = 'Parkly’s GST registration is not set up: the amount includes any GST due, which is not shown separately.';
export const NO_PLACE_NOTE = (state: string | null) =>
  `The place of supply (${state ?? 'no state given'}) is not a known Indian state: the amount includes any GST due, which is not shown separately.`;

const PARKING = 'Parking';
const SERVICE_FEE = 'Parkly service fee';

function listingAddress(f: InvoiceFacts) {
  const cityLine = [f.city, f.postal_code].filter(Boolean).join(' ');
  return [f.address_line1, f.locality, cityLine, f.state].filter((s): s is string => Boolean(s));
}

/** Issues what `step` says, for the booking as it now is in the transaction; `refunded` is its refund_amount after the event. */
export async function issueForStep(
  tx: Queryable,
  gst: GstSettings,
  step: DocumentStep,
  bookingId: string,
  opts: { refunded?: number | null; reason?: string; period?: number } = {},
) {
  if (!step) return [];
  // a monthly pass's documents are per period (decision 037): its first period's on confirming and refunding
  const period = opts.period ?? ((await passPlanOf(tx, bookingId)) ? 1 : null);
  const facts = await findInvoiceFacts(tx, bookingId, period);
  if (!facts) return [];
  const issuedAt = new Date();
  const docs = step === 'invoices' ? invoicesFor(facts, gst, issuedAt, period) : creditNotesFor(facts, opts.refunded ?? 0, opts.reason ?? 'Refund', issuedAt);
  if (docs.length === 0) return [];
  return issueDocuments(tx, bookingId, financialYearOf(issuedAt).startYear, issuedAt, docs, period);
}

/** Whether the booking is a monthly pass. */
const passPlanOf = async (tx: Queryable, bookingId: string) =>
  (await tx.query<{ plan: string }>(`SELECT plan FROM bookings WHERE id = $1`, [bookingId]))[0]?.plan === 'monthly';

const prefixOf = (issuer: 'parkly' | 'host', kind: DocumentKind, issuedAt: Date) => documentNumber(issuer, kind, financialYearOf(issuedAt), 1).slice(0, -7);

/**
 * Parkly's line: its service fee, less a promotion code's discount (out of the fee first, decision 036), so
 * that the GST is carved out of the discounted fee the driver paid.
 */
function parklyItem(f: InvoiceFacts) {
  const { fromFee } = discountSplit(f.discount, f.service_fee);
  if (!fromFee || !f.promo_code) return { description: SERVICE_FEE, sac: null, amount: f.service_fee };
  return {
    description: `${SERVICE_FEE} ${invoiceMoney(f.service_fee)}, less promo code ${f.promo_code} ${invoiceMoney(fromFee)}`,
    sac: null,
    amount: f.service_fee - fromFee,
  };
}

/** Parkly's invoice for the fee and the host's document for the parking charge; none twice (a booking is confirmed once). */
function invoicesFor(f: InvoiceFacts, gst: GstSettings, issuedAt: Date, passPeriod: number | null = null): NewDocument[] {
  if (f.documents.some((d) => d.kind !== 'credit_note')) return [];
  const place = stateCodeOfName(f.state);
  const when = formatPeriod(f.starts, f.ends, f.time_zone);
  const booking = { reference: bookingReference(f.id), listing: f.title ?? 'Parking space', period: passPeriod ? `Monthly pass, month ${passPeriod}: ${when}` : when };
  const driverGstin = f.guest_gstin ? normalizeGstin(f.guest_gstin) : null;
  const recipient: DocumentParty = {
    name: f.guest_name,
    businessName: f.guest_legal_name,
    gstin: driverGstin,
    address: [],
    stateCode: driverGstin ? stateCodeOfGstin(driverGstin) : null,
  };
  const common = { number: '', issuedAt, recipient, placeOfSupply: place, booking };

  const parklyTaxed = Boolean(gst.gstin && gst.stateCode && place);
  const parkly = buildDocument({
    ...common,
    kind: 'invoice',
    supplier: { name: 'Parkly', gstin: gst.gstin, address: [], stateCode: gst.stateCode },
    onBehalfOfSupplier: false,
    item: parklyItem(f),
    gstRate: parklyTaxed ? gst.ratePercent : null,
    note: parklyTaxed ? null : !gst.gstin || !gst.stateCode ? NO_PARKLY_GST_NOTE : NO_PLACE_NOTE(f.state),
  });

  const hostKind = hostDocumentKind(f.host_gstin);
  const hostGstin = hostKind === 'invoice' ? normalizeGstin(f.host_gstin!) : null;
  const hostTaxed = hostKind === 'invoice' && place !== null;
  const host = buildDocument({
    ...common,
    kind: hostKind,
    supplier: {
      name: f.host_legal_name ?? f.host_name,
      gstin: hostGstin,
      address: listingAddress(f),
      stateCode: hostGstin ? stateCodeOfGstin(hostGstin) : place,
    },
    onBehalfOfSupplier: true,
    item: { description: `${PARKING}: ${booking.listing}`, sac: null, amount: f.subtotal },
    gstRate: hostTaxed ? gst.ratePercent : null,
    note: hostKind === 'invoice' && !hostTaxed ? NO_PLACE_NOTE(f.state) : null,
  });

  return [
    { hostId: null, kind: 'invoice', creditsInvoiceId: null, prefix: prefixOf('parkly', 'invoice', issuedAt), document: parkly },
    { hostId: f.host_id, kind: hostKind, creditsInvoiceId: null, prefix: prefixOf('host', hostKind, issuedAt), document: host },
  ];
}

/** The GST rate an issued document charged (CGST + SGST, or IGST), or null when it charged none. */
const rateOf = (doc: InvoiceDocument) => (doc.taxes.length ? doc.taxes.reduce((sum, t) => sum + t.rate, 0) : null);

/**
 * Credit notes for what the refunds now total (`refunded`, the booking's refund_amount) beyond what earlier
 * credit notes credited: the host's share of it as the ledger counts it (shareOf the subtotal), Parkly's the rest.
 */
function creditNotesFor(f: InvoiceFacts, refunded: number, reason: string, issuedAt: Date): NewDocument[] {
  const notes: NewDocument[] = [];
  const hostShare = shareOf(f.subtotal, refunded, f.total);
  // with a promotion code that took more than the fee, Parkly's invoice is for nothing: nothing of it to credit
  const shares = { parkly: Math.max(0, refunded - hostShare), host: hostShare };
  for (const issuer of ['parkly', 'host'] as const) {
    const invoice = f.documents.find((d) => d.kind !== 'credit_note' && (d.host_id === null) === (issuer === 'parkly'));
    if (!invoice) continue;
    const before = f.documents.filter((d) => d.credits_invoice_id === invoice.id).reduce((sum, d) => sum + d.total, 0);
    const credit = Math.min(shares[issuer], invoice.total) - before;
    if (credit <= 0) continue;
    const doc = invoice.document;
    const note = buildDocument({
      kind: 'credit_note',
      number: '',
      issuedAt,
      supplier: doc.supplier,
      onBehalfOfSupplier: doc.onBehalfOfSupplier,
      recipient: doc.recipient,
      placeOfSupply: doc.placeOfSupply,
      booking: doc.booking,
      item: { description: doc.lines[0]!.description, sac: doc.lines[0]!.sac, amount: credit },
      gstRate: rateOf(doc),
      credits: { number: invoice.number, issuedAt: new Date(invoice.issued_at), reason, creditedBefore: before },
      note: doc.note ?? null,
    });
    notes.push({ hostId: invoice.host_id, kind: 'credit_note', creditsInvoiceId: invoice.id, prefix: prefixOf(issuer, 'credit_note', issuedAt), document: note });
  }
  return notes;
}

/**
 * GET bookings/:id/invoice.pdf: the booking's documents as issued (never built again), the invoices first and
 * then any credit notes, for its guest, its host or an admin; anyone else gets the 404 any other booking
 * read gives (its existence is not revealed). A booking with no document: a 409 that says when one is issued.
 */
export async function bookingDocumentsPdf(db: Queryable, user: { id: string; role: string }, bookingId: string, period?: number) {
  const booking = isUuid(bookingId) ? await findBookingRow(db, bookingId) : undefined;
  const mine = booking && (booking.guest_id === user.id || booking.host_id === user.id || user.role === 'admin');
  if (!booking || !mine) throw bookingNotFound();
  const pass = booking.plan === 'monthly';
  // a stay has one "period": its own documents; a pass's period n has its own (period 1 when none is asked)
  if (!pass && period !== undefined && period !== 1) throw new AppError('NOT_FOUND', 'This booking is a stay: it has no monthly periods', { errors: { period: 'A stay has no monthly periods' } });
  const rows = await findBookingDocuments<InvoiceDocument>(db, bookingId, pass ? (period ?? 1) : null);
  if (rows.length === 0) {
    throw new AppError(
      'CONFLICT',
      pass ? `Month ${period ?? 1} of this pass has no invoice: one is issued when that month is paid for.` : 'This booking has no invoice: one is issued when a booking is paid for and confirmed.',
    );
  }
  const docs = rows.map((r) => r.document);
  const suffix = pass ? `-month-${period ?? 1}` : '';
  return { pdf: await renderDocumentsPdf(docs), fileName: `parkly-invoice-${docs[0]!.booking.reference}${suffix}.pdf` };
}
