import { describe, expect, it } from 'vitest';
import {
  documentNumber,
  DOCUMENT_NUMBER_MAX,
  financialYearOf,
  gstinCheckCharacter,
  hostDocumentKind,
  isValidGstin,
  normalizeGstin,
  numberInWords,
  rupeesInWords,
  stateCodeOfGstin,
  stateCodeOfName,
  taxInclusive,
  taxInclusiveCredit,
} from './gst';

const KARNATAKA = '29';
const MAHARASHTRA = '27';
const CHANDIGARH = '04';

describe('GSTIN', () => {
  it('accepts real GSTINs: their last character is the mod-36 check of the first fourteen', () => {
    // a Maharashtra GSTIN widely used as the example, and GSTN's own (Tamil Nadu)
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('33GSPTN0231G1ZM')).toBe(true);
  });

  it('refuses a mistyped character, a wrong shape or an unknown state', () => {
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false); // wrong check character
    expect(isValidGstin('27AAPFU0993F1ZV')).toBe(false); // two digits swapped
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false); // too short
    expect(isValidGstin('27aapfu0939f1zv')).toBe(false); // lower case: normalize first
    expect(isValidGstin('27AAPFU0939F0ZE')).toBe(false); // entity number 0 does not exist
    const unknownState = `99AAPFU0939F1Z`;
    expect(isValidGstin(unknownState + gstinCheckCharacter(unknownState))).toBe(false);
  });

  it('reads as typed, with spaces, hyphens and small letters', () => {
    expect(normalizeGstin(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(normalizeGstin('27-AAPFU-0939F-1ZV')).toBe('27AAPFU0939F1ZV');
  });

  it('names its state by its first two digits', () => {
    expect(stateCodeOfGstin('27AAPFU0939F1ZV')).toBe(MAHARASHTRA);
    expect(stateCodeOfGstin('27AAPFU0939F1ZW')).toBeNull();
  });
});

describe("a listing's state", () => {
  it('is found by its name however it is written', () => {
    expect(stateCodeOfName('Karnataka')).toBe(KARNATAKA);
    expect(stateCodeOfName('  tamil nadu ')).toBe('33');
    expect(stateCodeOfName('Jammu & Kashmir')).toBe('01');
    expect(stateCodeOfName('Orissa')).toBe('21');
    expect(stateCodeOfName('New Delhi')).toBe('07');
    expect(stateCodeOfName('29')).toBe(KARNATAKA);
  });

  it('is unknown when the listing has none or names no Indian state', () => {
    expect(stateCodeOfName(null)).toBeNull();
    expect(stateCodeOfName('')).toBeNull();
    expect(stateCodeOfName('Bengaluru')).toBeNull();
    expect(stateCodeOfName('California')).toBeNull();
  });
});

describe('GST inside a tax-inclusive amount', () => {
  it('a ₹118 service fee at 18%, Parkly in Karnataka, listing in Karnataka: ₹100 taxable, CGST ₹9, SGST ₹9', () => {
    expect(taxInclusive(11800, 18, KARNATAKA, KARNATAKA)).toEqual({
      taxable: 10000,
      taxes: [
        { label: 'CGST', rate: 9, amount: 900 },
        { label: 'SGST', rate: 9, amount: 900 },
      ],
      total: 11800,
      supply: 'intra_state',
    });
  });

  it('the same fee, listing in Maharashtra: ₹100 taxable, IGST ₹18', () => {
    expect(taxInclusive(11800, 18, KARNATAKA, MAHARASHTRA)).toEqual({
      taxable: 10000,
      taxes: [{ label: 'IGST', rate: 18, amount: 1800 }],
      total: 11800,
      supply: 'inter_state',
    });
  });

  it('a ₹25 fee: CGST and SGST ₹1.91 each (₹1.9068 rounded), the taxable value ₹21.18 takes the rest', () => {
    const split = taxInclusive(2500, 18, KARNATAKA, KARNATAKA);
    expect(split.taxes.map((t) => t.amount)).toEqual([191, 191]);
    expect(split.taxable).toBe(2118);
  });

  it('in Chandigarh, a union territory without a legislature, the local half is UTGST', () => {
    expect(taxInclusive(11800, 18, CHANDIGARH, CHANDIGARH).taxes.map((t) => t.label)).toEqual(['CGST', 'UTGST']);
  });

  it('other rates: 5% of ₹105 is ₹5, and 0% leaves the whole amount taxable', () => {
    expect(taxInclusive(10500, 5, KARNATAKA, MAHARASHTRA).taxes[0]).toEqual({ label: 'IGST', rate: 5, amount: 500 });
    expect(taxInclusive(10500, 5, KARNATAKA, KARNATAKA).taxes.map((t) => t.rate)).toEqual([2.5, 2.5]);
    expect(taxInclusive(10500, 0, KARNATAKA, KARNATAKA).taxable).toBe(10500);
  });

  it('always adds up to the paisa, for every amount from 1 paisa to ₹100 in both kinds of supply', () => {
    const wrong: string[] = [];
    for (let amount = 0; amount <= 10_000; amount++) {
      for (const pos of [KARNATAKA, MAHARASHTRA] as const) {
        const s = taxInclusive(amount, 18, KARNATAKA, pos);
        if (s.taxable + s.taxes.reduce((sum, t) => sum + t.amount, 0) !== amount) wrong.push(`${amount} to ${pos} does not add up`);
        // each tax is the rate applied to the taxable value, give or take the rounding of one paisa
        for (const t of s.taxes) if (Math.abs(t.amount - (s.taxable * t.rate) / 100) > 1) wrong.push(`${amount} to ${pos}: ${t.label} ${t.amount}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses what is not an amount in paise or a rate', () => {
    expect(() => taxInclusive(10.5, 18, KARNATAKA, KARNATAKA)).toThrow(RangeError);
    expect(() => taxInclusive(-1, 18, KARNATAKA, KARNATAKA)).toThrow(RangeError);
    expect(() => taxInclusive(100, 101, KARNATAKA, KARNATAKA)).toThrow(RangeError);
  });
});

describe('GST on credit notes', () => {
  it('a full refund of the ₹25 fee reverses exactly the invoice: CGST and SGST ₹1.91 each', () => {
    expect(taxInclusiveCredit(2500, 0, 18, KARNATAKA, KARNATAKA)).toEqual(taxInclusive(2500, 18, KARNATAKA, KARNATAKA));
  });

  it('refunded in three parts (₹8.33, ₹8.33, ₹8.34), the three credit notes add up to the invoice to the paisa', () => {
    const invoice = taxInclusive(2500, 18, KARNATAKA, KARNATAKA);
    const parts = [833, 833, 834];
    const notes = parts.map((credit, i) => taxInclusiveCredit(credit, parts.slice(0, i).reduce((a, b) => a + b, 0), 18, KARNATAKA, KARNATAKA));
    expect(notes.map((n) => n.taxes[0]!.amount)).toEqual([64, 63, 64]);
    expect(notes.reduce((sum, n) => sum + n.taxes[0]!.amount, 0)).toBe(invoice.taxes[0]!.amount);
    expect(notes.reduce((sum, n) => sum + n.taxable, 0)).toBe(invoice.taxable);
    // each note's CGST and SGST stay equal
    for (const n of notes) expect(n.taxes[0]!.amount).toBe(n.taxes[1]!.amount);
  });
});

describe("the host's document", () => {
  it('is a tax invoice when the host gave a valid GSTIN, a bill of supply otherwise', () => {
    expect(hostDocumentKind('27AAPFU0939F1ZV')).toBe('invoice');
    expect(hostDocumentKind('27 aapfu 0939 f1zv')).toBe('invoice');
    expect(hostDocumentKind('27AAPFU0939F1ZW')).toBe('bill_of_supply');
    expect(hostDocumentKind(null)).toBe('bill_of_supply');
  });
});

describe('the financial year, April to March on India time', () => {
  it('31 March 2027 at 23:59 in India is still 2026-27; a minute later 2027-28 begins', () => {
    expect(financialYearOf('2027-03-31T18:29:59Z')).toEqual({ startYear: 2026, label: '2026-27', code: '2627' });
    expect(financialYearOf('2027-03-31T18:30:00Z')).toEqual({ startYear: 2027, label: '2027-28', code: '2728' });
  });

  it('January belongs to the year that began the April before', () => {
    expect(financialYearOf(new Date('2027-01-15T10:00:00+05:30')).label).toBe('2026-27');
    expect(financialYearOf('2099-12-31T00:00:00Z').label).toBe('2099-00');
  });
});

describe('document numbers', () => {
  const fy = financialYearOf('2026-11-29T10:00:00+05:30');

  it("read issuer, kind, year and sequence: Parkly's 123rd tax invoice of 2026-27", () => {
    expect(documentNumber('parkly', 'invoice', fy, 123)).toBe('PKI/2627/0000123');
    expect(documentNumber('host', 'bill_of_supply', fy, 7)).toBe('HSB/2627/0000007');
    expect(documentNumber('parkly', 'credit_note', fy, 1)).toBe('PKC/2627/0000001');
  });

  it('are never longer than GST allows (16 characters), up to the last number of a series', () => {
    expect(documentNumber('host', 'credit_note', fy, 9_999_999)).toHaveLength(DOCUMENT_NUMBER_MAX);
    expect(() => documentNumber('parkly', 'invoice', fy, 10_000_000)).toThrow(RangeError);
    expect(() => documentNumber('parkly', 'invoice', fy, 0)).toThrow(RangeError);
  });
});

describe('amounts in words, Indian numbering', () => {
  it('₹118 is "Rupees One Hundred Eighteen Only"', () => {
    expect(rupeesInWords(11800)).toBe('Rupees One Hundred Eighteen Only');
  });

  it('paise follow the rupees', () => {
    expect(rupeesInWords(2118)).toBe('Rupees Twenty One and Eighteen Paise Only');
    expect(rupeesInWords(50)).toBe('Fifty Paise Only');
    expect(rupeesInWords(0)).toBe('Rupees Zero Only');
  });

  it('counts in thousands, lakhs and crores', () => {
    expect(numberInWords(1_00_000)).toBe('One Lakh');
    expect(numberInWords(12_34_567)).toBe('Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven');
    expect(numberInWords(1_00_00_000)).toBe('One Crore');
    expect(numberInWords(1_05_00_010)).toBe('One Crore Five Lakh Ten');
    expect(numberInWords(250_00_00_000)).toBe('Two Hundred Fifty Crore');
    expect(rupeesInWords(1_23_45_678_90)).toBe('Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight and Ninety Paise Only');
  });
});
