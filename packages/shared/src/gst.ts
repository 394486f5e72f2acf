/**
 * India's GST rules as Parkly's invoices apply them (docs/decisions/025-gst-invoices.md), in one
 * place and free of zod so the web app can check a GSTIN as it is typed.
 *
 * Money is integer paise, as everywhere. Parkly's prices are tax-inclusive: the service fee
 * (GUEST_FEE_PERCENT of the subtotal) and the host's rates are what the driver pays, and a quote
 * shows no tax line on top, so the tax is carved out of an amount, never added to it.
 */
import { zonedParts } from './time';

/** The GST state codes (the first two digits of a GSTIN) and the name each is printed with. */
export const GST_STATES = {
  '01': 'Jammu and Kashmir', '02': 'Himachal Pradesh', '03': 'Punjab', '04': 'Chandigarh', '05': 'Uttarakhand',
  '06': 'Haryana', '07': 'Delhi', '08': 'Rajasthan', '09': 'Uttar Pradesh', '10': 'Bihar', '11': 'Sikkim',
  '12': 'Arunachal Pradesh', '13': 'Nagaland', '14': 'Manipur', '15': 'Mizoram', '16': 'Tripura', '17': 'Meghalaya',
  '18': 'Assam', '19': 'West Bengal', '20': 'Jharkhand', '21': 'Odisha', '22': 'Chhattisgarh', '23': 'Madhya Pradesh',
  '24': 'Gujarat', '26': 'Dadra and Nagar Haveli and Daman and Diu', '27': 'Maharashtra', '29': 'Karnataka',
  '30': 'Goa', '31': 'Lakshadweep', '32': 'Kerala', '33': 'Tamil Nadu', '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands', '36': 'Telangana', '37': 'Andhra Pradesh', '38': 'Ladakh',
} as const;
export type GstStateCode = keyof typeof GST_STATES;

/** Union territories without a legislature: their local half of the tax is UTGST, not SGST. */
const UTGST_TERRITORIES: readonly GstStateCode[] = ['04', '26', '31', '35', '38'];

/** Other names people write for a state, after the spelling is folded (see foldName). */
const STATE_ALIASES: Record<string, GstStateCode> = {
  orissa: '21', pondicherry: '34', uttaranchal: '05', newdelhi: '07', nctofdelhi: '07', delhinct: '07',
  nationalcapitalterritoryofdelhi: '07', jammuandkashmir: '01', jandk: '01', andamanandnicobar: '35',
  daman: '26', diu: '26', damananddiu: '26', dadraandnagarhaveli: '26',
};

const foldName = (name: string) => name.toLowerCase().replace(/&/g, 'and').replace(/[^a-z]/g, '');
const STATE_BY_NAME = new Map<string, GstStateCode>([
  ...Object.entries(GST_STATES).map(([code, name]) => [foldName(name), code as GstStateCode] as const),
  ...Object.entries(STATE_ALIASES),
]);

const isStateCode = (code: string): code is GstStateCode => Object.hasOwn(GST_STATES, code);

/** The state code of a state's name as a listing or a setting spells it ('Tamil Nadu', 'tamil nadu', 'Orissa'); null when unknown. */
export function stateCodeOfName(name: string | null | undefined): GstStateCode | null {
  if (!name) return null;
  const trimmed = name.trim();
  if (isStateCode(trimmed)) return trimmed;
  return STATE_BY_NAME.get(foldName(trimmed)) ?? null;
}

// ---------------------------------------------------------------------------------------------
// GSTIN: 2-digit state code, the holder's PAN (5 letters, 4 digits, 1 letter), the entity number
// (1-9, A-Z), 'Z', and a check character over the first 14 (GSTN's mod-36 scheme).

const GSTIN_RE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** As people type it: spaces and hyphens dropped, upper case. */
export const normalizeGstin = (raw: string) => raw.replace(/[\s-]/g, '').toUpperCase();

/** The check character of a GSTIN's first 14 characters: weights 1, 2, 1, 2 …, each product's base-36 digits summed. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36]!;
}

/** A GSTIN as written by GSTN: its shape, a known state code and the right check character. */
export function isValidGstin(gstin: string): boolean {
  return GSTIN_RE.test(gstin) && isStateCode(gstin.slice(0, 2)) && gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];
}

/** The state a valid GSTIN is registered in, or null. */
export const stateCodeOfGstin = (gstin: string): GstStateCode | null => (isValidGstin(gstin) ? (gstin.slice(0, 2) as GstStateCode) : null);

// ---------------------------------------------------------------------------------------------
// Tax on an amount

export type TaxLabel = 'CGST' | 'SGST' | 'UTGST' | 'IGST';
export interface TaxLine {
  label: TaxLabel;
  /** percent, e.g. 9 for CGST at half of 18 */
  rate: number;
  amount: number;
}
export interface TaxSplit {
  /** the taxable value: the amount less its tax */
  taxable: number;
  taxes: TaxLine[];
  /** taxable + every tax: always the amount given */
  total: number;
  supply: 'intra_state' | 'inter_state';
}

/** n / d rounded half up, for non-negative integers (exact: no floating-point quotient is rounded). */
const roundDiv = (n: number, d: number) => Math.floor((2 * n + d) / (2 * d));

/**
 * The GST inside a tax-inclusive amount (paise) at `ratePercent`. Supplied within the supplier's state
 * (the place of supply is the supplier's state), half is CGST and half SGST (UTGST in a union territory
 * without a legislature), both the same to the paisa; between states, all of it is IGST. Each tax is
 * rounded to the paisa and the taxable value takes what is left, so the lines always add up to the
 * amount paid.
 */
export function taxInclusive(amount: number, ratePercent: number, supplierState: GstStateCode, placeOfSupply: GstStateCode): TaxSplit {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`not an amount in paise: ${amount}`);
  // the rate in hundredths of a percent keeps 18 %, 2.5 % and 0.25 % exact
  const bp = Math.round(ratePercent * 100);
  if (bp < 0 || bp > 10_000) throw new RangeError(`not a GST rate: ${ratePercent}`);
  if (supplierState === placeOfSupply) {
    const half = roundDiv(amount * bp, 2 * (10_000 + bp));
    const local: TaxLabel = UTGST_TERRITORIES.includes(supplierState) ? 'UTGST' : 'SGST';
    return {
      taxable: amount - 2 * half,
      taxes: [{ label: 'CGST', rate: bp / 200, amount: half }, { label: local, rate: bp / 200, amount: half }],
      total: amount,
      supply: 'intra_state',
    };
  }
  const igst = roundDiv(amount * bp, 10_000 + bp);
  return { taxable: amount - igst, taxes: [{ label: 'IGST', rate: bp / 100, amount: igst }], total: amount, supply: 'inter_state' };
}

/**
 * The GST inside a credit note of `credit` paise against an invoice of which `creditedBefore` was
 * already credited: the tax of everything credited so far less the tax of what was credited before.
 * However a refund is cut up, the credit notes' taxes add up to the invoice's to the paisa.
 */
export function taxInclusiveCredit(credit: number, creditedBefore: number, ratePercent: number, supplierState: GstStateCode, placeOfSupply: GstStateCode): TaxSplit {
  const after = taxInclusive(creditedBefore + credit, ratePercent, supplierState, placeOfSupply);
  const before = taxInclusive(creditedBefore, ratePercent, supplierState, placeOfSupply);
  return {
    taxable: after.taxable - before.taxable,
    taxes: after.taxes.map((t, i) => ({ ...t, amount: t.amount - before.taxes[i]!.amount })),
    total: credit,
    supply: after.supply,
  };
}

/** What a host's parking charge is printed as: a tax invoice when the host has a valid GSTIN, a bill of supply otherwise. */
export const hostDocumentKind = (hostGstin: string | null | undefined): 'invoice' | 'bill_of_supply' =>
  hostGstin && isValidGstin(normalizeGstin(hostGstin)) ? 'invoice' : 'bill_of_supply';

// ---------------------------------------------------------------------------------------------
// Financial years and document numbers

/** Invoices are dated and numbered on India's clock, whatever the server's zone. */
export const INVOICE_TIME_ZONE = 'Asia/Kolkata';

export interface FinancialYear {
  /** the calendar year it starts in (1 April) */
  startYear: number;
  /** '2026-27', as printed */
  label: string;
  /** '2627', as in document numbers */
  code: string;
}

/** The financial year (1 April to 31 March, India time) an instant falls in. */
export function financialYearOf(instant: Date | string): FinancialYear {
  const [year, month] = zonedParts(instant, INVOICE_TIME_ZONE).date.split('-').map(Number) as [number, number];
  const startYear = month >= 4 ? year : year - 1;
  const yy = (y: number) => String(y % 100).padStart(2, '0');
  return { startYear, label: `${startYear}-${yy(startYear + 1)}`, code: `${yy(startYear)}${yy(startYear + 1)}` };
}

export const DOCUMENT_KINDS = ['invoice', 'bill_of_supply', 'credit_note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
/** Who issues a document: Parkly for its service fee, the host (Parkly on the host's behalf) for the parking charge. */
export type DocumentIssuer = 'parkly' | 'host';

const KIND_LETTER: Record<DocumentKind, string> = { invoice: 'I', bill_of_supply: 'B', credit_note: 'C' };
/** GST allows at most 16 characters: 'PKI/2627/0000123' is exactly that, with ten million a year per series. */
export const DOCUMENT_NUMBER_MAX = 16;
const SEQUENCE_DIGITS = 7;

/**
 * A document's number: issuer (PK Parkly, HS a host), kind letter, financial year, sequence in that
 * series: 'PKI/2627/0000123' is Parkly's 123rd tax invoice of 2026-27, 'HSB/2627/0000007' a host's
 * 7th bill of supply, 'PKC/2627/0000001' Parkly's first credit note.
 */
export function documentNumber(issuer: DocumentIssuer, kind: DocumentKind, fy: FinancialYear, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence >= 10 ** SEQUENCE_DIGITS) throw new RangeError(`sequence out of range: ${sequence}`);
  return `${issuer === 'parkly' ? 'PK' : 'HS'}${KIND_LETTER[kind]}/${fy.code}/${String(sequence).padStart(SEQUENCE_DIGITS, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Amounts in words, in the Indian system (thousand, lakh, crore)

const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen',
  'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return [TENS[Math.floor(n / 10)]!, ONES[n % 10]!].filter(Boolean).join(' ');
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', belowHundred(n % 100)].filter(Boolean).join(' ');
}

/** A whole number in words: 12345678 -> 'One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight'. */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number: ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  return [
    crore ? `${numberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    belowThousand(n % 1000),
  ]
    .filter(Boolean)
    .join(' ');
}

/** 11800 -> 'Rupees One Hundred Eighteen Only'; 12345 -> 'Rupees One Hundred Twenty Three and Forty Five Paise Only'. */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`not an amount in paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  if (rest === 0) return `Rupees ${numberInWords(rupees)} Only`;
  if (rupees === 0) return `${belowHundred(rest)} Paise Only`;
  return `Rupees ${numberInWords(rupees)} and ${belowHundred(rest)} Paise Only`;
}
