/**
 * What an invoice, bill of supply or credit note says, frozen into invoices.document when it is issued
 * and printed from there ever after: a later change of a name, an address, a GSTIN or the GST rate
 * never changes a document already issued. The amounts come from the rules in @parkly/shared/gst.
 */
import { rupeesInWords, taxInclusive, taxInclusiveCredit, type DocumentKind, type GstStateCode, type TaxLine } from '@parkly/shared/gst';

export interface DocumentParty {
  name: string;
  /** a business name the driver gave at checkout (recipients only) */
  businessName?: string | null;
  gstin: string | null;
  address: string[];
  /** the GST state code of the address, printed with its name */
  stateCode: GstStateCode | null;
}

export interface DocumentLine {
  description: string;
  /** the service's accounting code (SAC), when the document is a tax invoice */
  sac: string | null;
  /** the taxable value, paise */
  amount: number;
}

export interface InvoiceDocument {
  version: 1;
  kind: DocumentKind;
  number: string;
  /** ISO 8601; printed as India's date */
  issuedAt: string;
  supplier: DocumentParty;
  /** true when Parkly issues it on the supplier's (the host's) behalf */
  onBehalfOfSupplier: boolean;
  recipient: DocumentParty;
  /** where the service is supplied: the listing's state; null on a bill of supply that names none */
  placeOfSupply: GstStateCode | null;
  booking: { reference: string; listing: string; period: string };
  lines: DocumentLine[];
  taxes: TaxLine[];
  /** paise: the lines and the taxes added up, what was paid (or, on a credit note, what is refunded) */
  total: number;
  amountInWords: string;
  /** a credit note's document, what it reduces and why */
  credits: { number: string; issuedAt: string; reason: string } | null;
  /** why a document shows no GST split where one might be expected (decision 031: never guessed); absent on older documents */
  note?: string | null;
}

export interface DocumentInput {
  kind: DocumentKind;
  number: string;
  issuedAt: Date;
  supplier: DocumentParty;
  onBehalfOfSupplier: boolean;
  recipient: DocumentParty;
  placeOfSupply: GstStateCode | null;
  booking: InvoiceDocument['booking'];
  /** what is charged (or credited), tax included as the driver paid it */
  item: { description: string; sac: string | null; amount: number };
  /** the GST rate in percent; null when no GST is charged (a bill of supply, or a credit note against one) */
  gstRate: number | null;
  /** a credit note's invoice, and how much of it earlier credit notes already credited (paise, tax included) */
  credits?: { number: string; issuedAt: Date; reason: string; creditedBefore: number } | null;
  /** printed under the amounts: why no GST is shown (decision 031) */
  note?: string | null;
}

/** The document as printed: taxes carved out of the tax-inclusive amount, the total in words. */
export function buildDocument(input: DocumentInput): InvoiceDocument {
  if ((input.kind === 'credit_note') !== Boolean(input.credits)) throw new Error('a credit note, and only a credit note, credits an invoice');
  let taxable = input.item.amount;
  let taxes: TaxLine[] = [];
  if (input.gstRate !== null) {
    if (input.kind === 'bill_of_supply') throw new Error('a bill of supply charges no GST');
    const { supplier, placeOfSupply } = input;
    if (!supplier.gstin || !supplier.stateCode || !placeOfSupply) throw new Error('a tax invoice needs the supplier GSTIN and state and the place of supply');
    const split = input.credits
      ? taxInclusiveCredit(input.item.amount, input.credits.creditedBefore, input.gstRate, supplier.stateCode, placeOfSupply)
      : taxInclusive(input.item.amount, input.gstRate, supplier.stateCode, placeOfSupply);
    taxable = split.taxable;
    taxes = split.taxes;
  }
  return {
    version: 1,
    kind: input.kind,
    number: input.number,
    issuedAt: input.issuedAt.toISOString(),
    supplier: input.supplier,
    onBehalfOfSupplier: input.onBehalfOfSupplier,
    recipient: input.recipient,
    placeOfSupply: input.placeOfSupply,
    booking: input.booking,
    lines: [{ description: input.item.description, sac: input.item.sac, amount: taxable }],
    taxes,
    total: input.item.amount,
    amountInWords: rupeesInWords(input.item.amount),
    credits: input.credits ? { number: input.credits.number, issuedAt: input.credits.issuedAt.toISOString(), reason: input.credits.reason } : null,
    ...(input.note && { note: input.note }),
  };
}
