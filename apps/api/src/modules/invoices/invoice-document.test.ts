import { describe, expect, it } from 'vitest';
import { buildDocument, type DocumentInput } from './invoice-document';

const fee: DocumentInput = {
  kind: 'invoice',
  number: 'PKI/2627/0000001',
  issuedAt: new Date('2026-12-12T09:15:00+05:30'),
  supplier: { name: 'Parkly', gstin: '29AAGCP4242M1Z0', address: [], stateCode: '29' },
  onBehalfOfSupplier: false,
  recipient: { name: 'Asha Rao', gstin: null, address: [], stateCode: null },
  placeOfSupply: '29',
  booking: { reference: 'B-1', listing: 'Covered bay', period: '12 Dec 2026' },
  item: { description: 'Parkly service fee', sac: null, amount: 11800 },
  gstRate: 18,
};

describe('the document frozen at issue', () => {
  it('a ₹118 fee in Karnataka: one line of ₹100 taxable, CGST ₹9 and SGST ₹9, ₹118 in words', () => {
    const doc = buildDocument(fee);
    expect(doc.lines).toEqual([{ description: 'Parkly service fee', sac: null, amount: 10000 }]);
    expect(doc.taxes.map((t) => [t.label, t.amount])).toEqual([
      ['CGST', 900],
      ['SGST', 900],
    ]);
    expect(doc).toMatchObject({ total: 11800, amountInWords: 'Rupees One Hundred Eighteen Only', issuedAt: '2026-12-12T03:45:00.000Z', credits: null });
  });

  it('a bill of supply carries the whole amount and no tax', () => {
    const doc = buildDocument({ ...fee, kind: 'bill_of_supply', number: 'HSB/2627/0000001', supplier: { ...fee.supplier, gstin: null }, gstRate: null });
    expect(doc.lines[0]!.amount).toBe(11800);
    expect(doc.taxes).toEqual([]);
  });

  it('is refused when it cannot be right', () => {
    // GST on a bill of supply, or a tax invoice without a GSTIN or a place of supply
    expect(() => buildDocument({ ...fee, kind: 'bill_of_supply' })).toThrow(/bill of supply/);
    expect(() => buildDocument({ ...fee, supplier: { ...fee.supplier, gstin: null } })).toThrow(/GSTIN/);
    expect(() => buildDocument({ ...fee, placeOfSupply: null })).toThrow(/place of supply/);
    // a credit note without its invoice, or an invoice that credits one
    expect(() => buildDocument({ ...fee, kind: 'credit_note' })).toThrow(/credit note/);
    const credits = { number: 'PKI/2627/0000001', issuedAt: fee.issuedAt, reason: 'refund', creditedBefore: 0 };
    expect(() => buildDocument({ ...fee, credits })).toThrow(/credit note/);
  });

  it('a second credit note of ₹59 after a first of ₹59 credits the rest of the tax', () => {
    const credits = { number: 'PKI/2627/0000001', issuedAt: fee.issuedAt, reason: 'refund', creditedBefore: 5900 };
    const doc = buildDocument({ ...fee, kind: 'credit_note', number: 'PKC/2627/0000002', item: { ...fee.item, amount: 5900 }, credits });
    expect(doc.taxes.map((t) => t.amount)).toEqual([450, 450]);
    expect(doc.credits).toEqual({ number: 'PKI/2627/0000001', issuedAt: '2026-12-12T03:45:00.000Z', reason: 'refund' });
  });
});
