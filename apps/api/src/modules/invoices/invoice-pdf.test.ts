import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDocument, type DocumentInput } from './invoice-document';
import { renderInvoicePdf } from './invoice-pdf';

const dir = mkdtempSync(join(tmpdir(), 'parkly-invoice-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The PDF as a person reads it: its text, through poppler's pdftotext, laid out as on the page. */
async function readPdf(input: DocumentInput) {
  const bytes = await renderInvoicePdf(buildDocument(input));
  const file = join(dir, `${input.number.replace(/\//g, '-')}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  // sentences as one line, wherever the page wrapped them
  return { bytes, text, flat: text.replace(/\s+/g, ' ') };
}

const PARKLY = { name: 'Parkly Technologies Private Limited', gstin: '29AAGCP4242M1Z0', address: ['12 Residency Road', 'Bengaluru 560025'], stateCode: '29' as const };
const DRIVER = { name: 'Asha Rao', businessName: 'Rao Logistics LLP', gstin: '27AAPFU0939F1ZV', address: [], stateCode: '27' as const };
const booking = { reference: 'B-7F3A2C', listing: 'Covered bay near MG Road', period: '12 Dec 2026, 10:00 to 14:00' };
const issuedAt = new Date('2026-12-12T09:15:00+05:30');

const serviceFee: DocumentInput = {
  kind: 'invoice',
  number: 'PKI/2627/0000123',
  issuedAt,
  supplier: PARKLY,
  onBehalfOfSupplier: false,
  recipient: DRIVER,
  placeOfSupply: '29',
  booking,
  item: { description: 'Parkly service fee', sac: null, amount: 11800 },
  gstRate: 18,
};

describe('the PDF of a tax invoice', () => {
  it("a ₹118 service fee, Parkly and the listing in Karnataka: reads CGST ₹9.00 and SGST ₹9.00 on ₹100.00, the total in words, both GSTINs", async () => {
    const { text } = await readPdf(serviceFee);
    expect(text).toContain('Tax invoice');
    expect(text).toContain('No. PKI/2627/0000123');
    expect(text).toContain('Date 12 Dec 2026');
    expect(text).toContain('GSTIN: 29AAGCP4242M1Z0');
    expect(text).toContain('GSTIN: 27AAPFU0939F1ZV');
    expect(text).toContain('Rao Logistics LLP');
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toMatch(/Taxable value\s+₹100\.00/);
    expect(text).toMatch(/CGST @ 9%\s+₹9\.00/);
    expect(text).toMatch(/SGST @ 9%\s+₹9\.00/);
    expect(text).toMatch(/Total\s+₹118\.00/);
    expect(text).toContain('Amount in words: Rupees One Hundred Eighteen Only');
    expect(text).toContain('Tax payable on reverse charge: No.');
  });

  it('the same fee for a listing in Maharashtra shows one IGST line', async () => {
    const { text } = await readPdf({ ...serviceFee, number: 'PKI/2627/0000124', placeOfSupply: '27' });
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toMatch(/IGST @ 18%\s+₹18\.00/);
    expect(text).not.toContain('CGST');
  });

  it("a registered host's parking charge, issued by Parkly on the host's behalf, in lakhs", async () => {
    const host = { name: 'Vikram Shah', gstin: '27AAPFU0939F1ZV', address: ['Lower Parel', 'Mumbai'], stateCode: '27' as const };
    const { text, flat } = await readPdf({
      ...serviceFee,
      number: 'HSI/2627/0000001',
      supplier: host,
      onBehalfOfSupplier: true,
      recipient: { name: 'Asha Rao', gstin: null, address: [], stateCode: null },
      placeOfSupply: '27',
      item: { description: 'Parking, 1 month', sac: '996749', amount: 1_23_456_78 },
    });
    expect(text).toContain('Parking, 1 month (SAC 996749)');
    expect(text).toMatch(/Total\s+₹1,23,456\.78/);
    expect(flat).toContain('Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six and Seventy Eight Paise Only');
    expect(text).toContain('Issued by Parkly on behalf of Vikram Shah.');
  });
});

describe('the PDF of a bill of supply and of a credit note', () => {
  it("an unregistered host's parking charge: no GST line, and says why", async () => {
    const { text } = await readPdf({
      ...serviceFee,
      kind: 'bill_of_supply',
      number: 'HSB/2627/0000007',
      supplier: { name: 'Meera Iyer', gstin: null, address: ['Indiranagar', 'Bengaluru'], stateCode: '29' },
      onBehalfOfSupplier: true,
      item: { description: 'Parking, 4 hours', sac: null, amount: 20000 },
      gstRate: null,
    });
    expect(text).toContain('Bill of supply');
    expect(text).toMatch(/Total\s+₹200\.00/);
    expect(text).not.toMatch(/GST @/);
    expect(text).toContain('not registered under GST');
    expect(text).toContain('Rupees Two Hundred Only');
  });

  it('a refund of half the fee: the credit note names the invoice it reduces', async () => {
    const { text } = await readPdf({
      ...serviceFee,
      kind: 'credit_note',
      number: 'PKC/2627/0000001',
      issuedAt: new Date('2027-01-05T12:00:00+05:30'),
      item: { description: 'Parkly service fee, refunded', sac: null, amount: 5900 },
      credits: { number: 'PKI/2627/0000123', issuedAt, reason: 'booking cancelled by the driver', creditedBefore: 0 },
    });
    expect(text).toContain('Credit note');
    expect(text).toContain('Against PKI/2627/0000123 of 12 Dec 2026: booking cancelled by the driver');
    expect(text).toMatch(/CGST @ 9%\s+₹4\.50/);
    expect(text).toContain('Rupees Fifty Nine Only');
  });
});

describe('rendering', () => {
  it('embeds the font once per PDF and takes well under 100 ms of CPU a document', async () => {
    const doc = buildDocument(serviceFee);
    await renderInvoicePdf(doc); // the fonts are read once
    // CPU time, not the clock: other work on the machine must not fail this test
    const started = process.cpuUsage();
    const runs = 20;
    let size = 0;
    for (let i = 0; i < runs; i++) size = (await renderInvoicePdf(doc)).length;
    const used = process.cpuUsage(started);
    const perPdfMs = (used.user + used.system) / 1000 / runs;
    expect(perPdfMs).toBeLessThan(100);
    expect(size).toBeLessThan(60_000);
    const file = join(dir, 'fonts.pdf');
    writeFileSync(file, await renderInvoicePdf(doc));
    const fontsUsed = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    expect(fontsUsed).toMatch(/NotoSans.*TrueType.*yes/);
  });

  it('prints the same bytes for the same document', async () => {
    const doc = buildDocument(serviceFee);
    const [a, b] = await Promise.all([renderInvoicePdf(doc), renderInvoicePdf(doc)]);
    expect(a.equals(b)).toBe(true);
  });
});
