/**
 * Prints a frozen document (invoice-document.ts) as an A4 PDF with pdfkit. The font is Noto Sans
 * (SIL Open Font License 1.1), from the @expo-google-fonts/noto-sans package's TrueType files: it has
 * the rupee sign, and pdfkit embeds only the glyphs a document uses (a one-page invoice is about 12 KB).
 *
 * A host's monthly statement (renderStatementPdf) is printed with the same fonts, money and rules.
 *
 * Each font is parsed once (fontkit) and the parsed font handed to every document: pdfkit would
 * otherwise parse it again per document, and Noto Sans' first layout then costs about 80 ms.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { GST_STATES, INVOICE_TIME_ZONE, type GstStateCode } from '@parkly/shared/gst';
import type { Statement } from '../statements/statements.service';
import type { DocumentParty, InvoiceDocument } from './invoice-document';

const require = createRequire(import.meta.url);
function openFont(file: string): fontkit.Font {
  const font = fontkit.create(readFileSync(require.resolve(`@expo-google-fonts/noto-sans/${file}`)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not one font`);
  return font;
}
let fonts: { regular: fontkit.Font; bold: fontkit.Font } | undefined;
/** Parsed once, on the first document. */
function loadFonts() {
  fonts ??= { regular: openFont('400Regular/NotoSans_400Regular.ttf'), bold: openFont('700Bold/NotoSans_700Bold.ttf') };
  return fonts;
}

const TITLES = { invoice: 'Tax invoice', bill_of_supply: 'Bill of supply', credit_note: 'Credit note' } as const;

/** Invoices always show paise: ₹118.00, ₹1,23,456.78 (Indian digit grouping). */
const money = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const invoiceMoney = (paise: number) => money.format(paise / 100);
const dateFormat = new Intl.DateTimeFormat('en-IN', { timeZone: INVOICE_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' });
export const invoiceDate = (iso: string) => dateFormat.format(new Date(iso));
/** A document that charges GST without a supplier GSTIN cannot call itself a tax invoice (decision 031). */
const titleOf = (doc: InvoiceDocument) => (doc.kind === 'invoice' && !doc.supplier.gstin ? 'Invoice' : TITLES[doc.kind]);
const stateText = (code: GstStateCode | null) => (code ? `${GST_STATES[code]} (${code})` : null);

const PAGE_MARGIN = 50;
const GREY = '#555555';

/** A new A4 document with the fonts registered, and its bytes once `draw` has drawn it. */
function toPdf(info: PDFKit.DocumentInfo, draw: (pdf: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const pdf = new PDFDocument({ size: 'A4', margin: PAGE_MARGIN, info });
  // pdfkit takes a parsed fontkit font as well as a file (its type declarations lag behind)
  pdf.registerFont('regular', regular as unknown as Buffer);
  pdf.registerFont('bold', bold as unknown as Buffer);
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  draw(pdf);
  pdf.end();
  return done;
}

/** Renders the document; resolves to the PDF's bytes. */
export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  // the document's own date, so the same document always prints the same bytes
  return toPdf({ Title: `${titleOf(doc)} ${doc.number}`, Author: 'Parkly', CreationDate: new Date(doc.issuedAt) }, (pdf) => draw(pdf, doc));
}

/** A booking's documents in one PDF, a page (or more) each, in the order given; dated by the last one. */
export function renderDocumentsPdf(docs: InvoiceDocument[]): Promise<Buffer> {
  const last = docs[docs.length - 1]!;
  return toPdf({ Title: `Invoices for booking ${last.booking.reference}`, Author: 'Parkly', CreationDate: new Date(last.issuedAt) }, (pdf) =>
    docs.forEach((doc, i) => {
      if (i > 0) pdf.addPage();
      draw(pdf, doc);
    }),
  );
}

function draw(pdf: PDFKit.PDFDocument, doc: InvoiceDocument) {
  const width = pdf.page.width - 2 * PAGE_MARGIN;
  const left = PAGE_MARGIN;

  // heading: what it is, its number and date
  pdf.font('bold').fontSize(18).text(titleOf(doc), left, PAGE_MARGIN);
  pdf.font('regular').fontSize(10).fillColor(GREY);
  pdf.text(`No. ${doc.number}    Date ${invoiceDate(doc.issuedAt)}`);
  if (doc.credits) pdf.text(`Against ${doc.credits.number} of ${invoiceDate(doc.credits.issuedAt)}: ${doc.credits.reason}`);
  pdf.fillColor('black').moveDown();

  // the parties, side by side
  const top = pdf.y;
  const half = (width - 20) / 2;
  party(pdf, 'From', doc.supplier, left, top, half);
  const afterSupplier = pdf.y;
  party(pdf, 'Billed to', doc.recipient, left + half + 20, top, half);
  pdf.x = left;
  pdf.y = Math.max(afterSupplier, pdf.y) + 10;
  const place = stateText(doc.placeOfSupply);
  if (place) pdf.font('regular').fontSize(10).text(`Place of supply: ${place}`, left, pdf.y, { width });
  pdf.text(`Booking ${doc.booking.reference}: ${doc.booking.listing}, ${doc.booking.period}`, { width });
  pdf.moveDown();

  // the lines and taxes, amounts right-aligned
  const amountX = left + width - 120;
  const row = (label: string, amount: string, font: 'regular' | 'bold' = 'regular') => {
    const y = pdf.y;
    pdf.font(font).fontSize(10).text(label, left, y, { width: amountX - left - 10 });
    const below = pdf.y;
    pdf.text(amount, amountX, y, { width: 120, align: 'right' });
    pdf.y = Math.max(below, pdf.y) + 2;
  };
  rule(pdf, left, width);
  row('Description', 'Amount', 'bold');
  rule(pdf, left, width);
  for (const line of doc.lines) row(line.sac ? `${line.description} (SAC ${line.sac})` : line.description, invoiceMoney(line.amount));
  if (doc.taxes.length > 0) {
    rule(pdf, left, width);
    row('Taxable value', invoiceMoney(doc.lines.reduce((sum, l) => sum + l.amount, 0)));
    for (const t of doc.taxes) row(`${t.label} @ ${t.rate}%`, invoiceMoney(t.amount));
  }
  rule(pdf, left, width);
  row('Total', invoiceMoney(doc.total), 'bold');
  rule(pdf, left, width);
  pdf.moveDown(0.5);
  pdf.font('regular').fontSize(10).text(`Amount in words: ${doc.amountInWords}`, left, pdf.y, { width });
  pdf.moveDown();

  // what the reader needs to know about the document itself
  pdf.fontSize(8).fillColor(GREY);
  if (doc.note) pdf.text(doc.note, { width });
  if (doc.kind === 'bill_of_supply') pdf.text('The supplier is not registered under GST: no GST is charged.', { width });
  if (doc.onBehalfOfSupplier) pdf.text(`Issued by Parkly on behalf of ${doc.supplier.name}.`, { width });
  if (doc.taxes.length > 0) pdf.text('Tax payable on reverse charge: No.', { width });
  pdf.text('This document is computer-generated and needs no signature.', { width });
}

function party(pdf: PDFKit.PDFDocument, heading: string, p: DocumentParty, x: number, y: number, width: number) {
  pdf.font('bold').fontSize(9).fillColor(GREY).text(heading.toUpperCase(), x, y, { width });
  pdf.fillColor('black').fontSize(11).text(p.businessName ?? p.name, { width });
  pdf.font('regular').fontSize(9);
  if (p.businessName) pdf.text(p.name, { width });
  for (const line of p.address) pdf.text(line, { width });
  const state = stateText(p.stateCode);
  if (state) pdf.text(`State: ${state}`, { width });
  if (p.gstin) pdf.text(`GSTIN: ${p.gstin}`, { width });
}

function rule(pdf: PDFKit.PDFDocument, left: number, width: number) {
  pdf.moveTo(left, pdf.y).lineTo(left + width, pdf.y).lineWidth(0.5).strokeColor('#999999').stroke();
  pdf.y += 4;
}

// ---------------------------------------------------------------------------------------------
// A host's monthly statement (docs/decisions/030-gst-identities-and-statements.md)

interface Column {
  width: number;
  align?: 'left' | 'right';
}

/** One row of a table; a new page first when it would not fit. */
function tableRow(pdf: PDFKit.PDFDocument, columns: Column[], cells: string[], font: 'regular' | 'bold' = 'regular') {
  if (pdf.y > pdf.page.height - PAGE_MARGIN - 40) pdf.addPage();
  const y = pdf.y;
  let x = PAGE_MARGIN;
  let bottom = y;
  pdf.font(font).fontSize(9).fillColor('black');
  columns.forEach((c, i) => {
    pdf.text(cells[i] ?? '', x, y, { width: c.width - 6, align: c.align ?? 'left' });
    bottom = Math.max(bottom, pdf.y);
    x += c.width;
  });
  pdf.x = PAGE_MARGIN;
  pdf.y = bottom + 3;
}

/** Renders a host's statement for a month; resolves to the PDF's bytes. */
export function renderStatementPdf(s: Statement): Promise<Buffer> {
  // dated by its last entry, so the same month prints the same bytes until something new happens in it
  const last = Math.max(s.from.getTime(), ...s.lines.map((l) => l.at.getTime()), ...s.payouts.map((p) => p.at.getTime()));
  return toPdf({ Title: `Parkly statement ${s.label}`, Author: 'Parkly', CreationDate: new Date(last) }, (pdf) => drawStatement(pdf, s));
}

function drawStatement(pdf: PDFKit.PDFDocument, s: Statement) {
  const width = pdf.page.width - 2 * PAGE_MARGIN;
  const left = PAGE_MARGIN;
  const lastDay = new Date(s.to.getTime() - 1);

  pdf.font('bold').fontSize(18).text(`Statement for ${s.label}`, left, PAGE_MARGIN);
  pdf.font('regular').fontSize(10).fillColor(GREY);
  pdf.text(`${invoiceDate(s.from.toISOString())} to ${invoiceDate(lastDay.toISOString())}, India time. Amounts in ${s.currency}.`);
  pdf.fillColor('black').moveDown();
  pdf.font('bold').fontSize(11).text(s.host.legalName ?? s.host.name, { width });
  pdf.font('regular').fontSize(9);
  if (s.host.legalName) pdf.text(s.host.name, { width });
  if (s.host.gstin) pdf.text(`GSTIN: ${s.host.gstin}`, { width });
  pdf.moveDown();

  const summary: Column[] = [{ width: width - 130 }, { width: 130, align: 'right' }];
  const line = () => rule(pdf, left, width);
  line();
  tableRow(pdf, summary, ['Summary', 'Amount'], 'bold');
  line();
  tableRow(pdf, summary, ['Bookings that earned', String(s.totals.bookings)]);
  tableRow(pdf, summary, ['Gross (what guests paid for the stays)', invoiceMoney(s.totals.gross)]);
  tableRow(pdf, summary, ['Parkly commission', invoiceMoney(s.totals.commission)]);
  tableRow(pdf, summary, ['Your share of refunds', invoiceMoney(s.totals.refunds)]);
  line();
  tableRow(pdf, summary, ['Net earnings', invoiceMoney(s.totals.net)], 'bold');
  tableRow(pdf, summary, ['Paid out this month', invoiceMoney(s.paidOut)]);
  line();
  pdf.moveDown(0.5);

  const tax = s.commissionTax;
  pdf.font('bold').fontSize(11).text("Parkly's commission and its GST", left, pdf.y, { width });
  pdf.moveDown(0.3);
  if (tax) {
    tableRow(pdf, summary, ['Commission kept after refunds, GST included', invoiceMoney(tax.amount)]);
    tableRow(pdf, summary, ['Taxable value', invoiceMoney(tax.taxable)]);
    for (const t of tax.taxes) tableRow(pdf, summary, [`${t.label} @ ${t.rate}%`, invoiceMoney(t.amount)]);
    pdf.font('regular').fontSize(8).fillColor(GREY);
    pdf.text(`Place of supply: ${tax.placeOfSupply}.${tax.parklyGstin ? ` Parkly's GSTIN: ${tax.parklyGstin}.` : ''}`, left, pdf.y, { width });
  } else {
    pdf.font('regular').fontSize(9).fillColor(GREY).text("Parkly's GST registration is not set on this server, so the GST in its commission is not shown.", left, pdf.y, { width });
  }
  pdf.fillColor('black').moveDown();

  const entries: Column[] = [
    { width: 62 },
    { width: 44 },
    { width: 74 },
    { width: width - 62 - 44 - 74 - 3 * 64 },
    { width: 64, align: 'right' },
    { width: 64, align: 'right' },
    { width: 64, align: 'right' },
  ];
  pdf.font('bold').fontSize(11).text('Bookings and refunds', left, pdf.y, { width });
  pdf.moveDown(0.3);
  line();
  tableRow(pdf, entries, ['Date', 'Type', 'Booking', 'Space', 'Gross', 'Commission', 'Net'], 'bold');
  line();
  if (s.lines.length === 0) tableRow(pdf, [{ width }], ['None this month.']);
  for (const l of s.lines) {
    tableRow(pdf, entries, [
      invoiceDate(l.at.toISOString()),
      l.kind === 'earning' ? 'Earning' : 'Refund',
      l.booking ?? '',
      l.listing,
      invoiceMoney(l.gross),
      invoiceMoney(l.commission),
      invoiceMoney(l.net),
    ]);
  }
  line();
  pdf.moveDown();

  const paid: Column[] = [{ width: 70 }, { width: width - 70 - 120 - 100 }, { width: 120 }, { width: 100, align: 'right' }];
  pdf.font('bold').fontSize(11).text('Payouts', left, pdf.y, { width });
  pdf.moveDown(0.3);
  line();
  tableRow(pdf, paid, ['Date', 'Paid to', 'Reference', 'Amount'], 'bold');
  line();
  if (s.payouts.length === 0) tableRow(pdf, [{ width }], ['None paid this month.']);
  for (const p of s.payouts) tableRow(pdf, paid, [invoiceDate(p.at.toISOString()), p.destination, p.reference ?? '', invoiceMoney(p.amount)]);
  line();
  pdf.moveDown();
  pdf.font('regular').fontSize(8).fillColor(GREY);
  pdf.text('Amounts are counted in the month they happened on India’s clock: an earning when the booking was confirmed, a refund when it was made, a payout when it was paid. Parkly’s prices include GST.', left, pdf.y, { width });
  pdf.text('This statement is computer-generated and is not a tax invoice.', { width });
}
