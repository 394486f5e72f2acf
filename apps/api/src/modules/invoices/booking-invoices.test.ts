/**
 * A booking's GST documents (decision 031), through the API as people use it: paying (instant) and accepting a
 * request issue Parkly's invoice for the fee and the host's document for the parking charge in the confirming
 * transaction; refunds issue credit notes; GET bookings/:id/invoice.pdf prints what was issued, read back with
 * pdftotext. The default listing is in Karnataka at ₹50 an hour (2 hours: parking ₹100.00, fee ₹5.00).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialYearOf } from '@parkly/shared/gst';
import { api, bearer, createTestApp, type TestContext } from '../../../test/helper';
import { publishedListing } from '../listings/testing';
import { createTestUser } from '../notifications/test-users';
import { bookingCalls, newGuest, paidBooking, window } from '../bookings/testing';
import type { InvoiceDocument } from './invoice-document';

const PARKLY_GSTIN = '29AAGCP4242M1Z0'; // Karnataka
const HOST_GSTIN_KA = '29AAPFU0939F1ZR';
const HOST_GSTIN_MH = '27AAPFU0939F1ZV';
const FY = financialYearOf(new Date()).code;

let t: TestContext;
let bare: TestContext;
const dir = mkdtempSync(join(tmpdir(), 'parkly-invoices-'));
beforeAll(async () => {
  [t, bare] = await Promise.all([createTestApp({ PARKLY_GSTIN, GST_PERCENT: '18' }), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([t.close(), bare.close()]);
  rmSync(dir, { recursive: true, force: true });
});

let slot = 0;
const next = (hours = 2) => window(48 + 4 * slot++, hours);

type Row = { kind: string; number: string; host_id: string | null; credits_invoice_id: string | null; document: InvoiceDocument };
const documents = (ctx: TestContext, bookingId: string) =>
  ctx.db.query<Row>(`SELECT kind, number, host_id, credits_invoice_id, document FROM invoices WHERE booking_id = $1 ORDER BY issued_at, host_id IS NOT NULL, number`, [bookingId]);

const invoicePdf = (ctx: TestContext, token: string, id: string) => ctx.app.inject({ method: 'GET', url: api(`bookings/${id}/invoice.pdf`), headers: bearer(token) });

function readPdf(bytes: Buffer) {
  const file = join(dir, `${randomUUID()}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  return { text, flat: text.replace(/\s+/g, ' ') };
}

const setGstin = (ctx: TestContext, token: string, path: 'host/tax-identity' | 'profile/tax-identity', gstin: string, legal_name: string) =>
  ctx.app.inject({ method: 'PUT', url: api(path), headers: bearer(token), payload: { gstin, legal_name } });

describe('confirming a booking issues its invoices', () => {
  it('instant book, intra-state: Parkly’s tax invoice (CGST + SGST) and an unregistered host’s bill of supply, in the PDF with ₹ amounts and words', async () => {
    const listing = await publishedListing(t.app, { title: 'Koramangala covered bay' });
    const { guest, booking } = await paidBooking(t.app, listing.id, next());
    const docs = await documents(t, booking.id);
    expect(docs.map((d) => d.kind)).toEqual(['invoice', 'bill_of_supply']);
    const [fee, parking] = docs.map((d) => d.document) as [InvoiceDocument, InvoiceDocument];
    expect(docs[0]!.number).toMatch(new RegExp(`^PKI/${FY}/\\d{7}$`));
    expect(docs[1]!.number).toBe(`HSB/${FY}/0000001`);
    expect(fee.number).toBe(docs[0]!.number);
    // ₹5.00 fee at 18 %, Karnataka to Karnataka: half = round(500 × 1800 / 23600) = 38
    expect(fee).toMatchObject({ placeOfSupply: '29', total: 500, lines: [{ amount: 424 }], taxes: [{ label: 'CGST', rate: 9, amount: 38 }, { label: 'SGST', rate: 9, amount: 38 }] });
    expect(fee.supplier).toMatchObject({ name: 'Parkly', gstin: PARKLY_GSTIN, stateCode: '29' });
    expect(parking).toMatchObject({ kind: 'bill_of_supply', total: 10000, taxes: [], onBehalfOfSupplier: true, amountInWords: 'Rupees One Hundred Only' });

    const res = await invoicePdf(t, guest.token, booking.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="parkly-invoice-PK-[0-9A-F]{8}\.pdf"$/);
    const { text, flat } = readPdf(res.rawPayload);
    expect(text).toContain('Tax invoice');
    expect(text).toContain('Bill of supply');
    expect(text).toContain(`No. ${docs[0]!.number}`);
    expect(text).toMatch(/CGST @ 9%\s+₹0\.38/);
    expect(text).toMatch(/SGST @ 9%\s+₹0\.38/);
    expect(text).toMatch(/Total\s+₹5\.00/);
    expect(text).toMatch(/Total\s+₹100\.00/);
    expect(flat).toContain('Amount in words: Rupees Five Only');
    expect(flat).toContain('Amount in words: Rupees One Hundred Only');
    expect(flat).toContain(`GSTIN: ${PARKLY_GSTIN}`);
    expect(flat).toContain('Place of supply: Karnataka (29)');
    // the host reads the same documents; another user, a made-up id and a malformed one: 404
    expect((await invoicePdf(t, listing.host.token, booking.id)).statusCode).toBe(200);
    const stranger = await newGuest(t.app);
    const other = await invoicePdf(t, stranger.token, booking.id);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Booking not found');
    expect((await invoicePdf(t, stranger.token, randomUUID())).statusCode).toBe(404);
    expect((await invoicePdf(t, stranger.token, 'not-a-booking')).statusCode).toBe(404);
    // the confirmation e-mail links the invoice (on the booking's page, where the signed-in driver downloads it)
    const [mail] = await t.db.query<{ body_text: string; body_html: string }>(
      `SELECT body_text, body_html FROM email_outbox WHERE to_address = $1 AND subject LIKE 'Booking confirmed%'`,
      [guest.user.email],
    );
    const link = `/parking/booking-details/${booking.id}#invoice`;
    expect(mail!.body_text).toContain(`Your GST invoice (PDF) is on your booking: `);
    expect(mail!.body_text).toContain(link);
    expect(mail!.body_html).toMatch(new RegExp(`href="[^"]*${link}"[^>]*>Download your GST invoice \\(PDF\\)</a>`));
  });

  it('inter-state (a listing in Maharashtra): IGST; a registered host’s tax invoice and the driver’s GSTIN and business name printed', async () => {
    const listing = await publishedListing(t.app, {
      address: { line1: '12 Linking Road', locality: 'Bandra West', city: 'Mumbai', state: 'Maharashtra', postal_code: '400050', country: 'IN' },
    });
    expect((await setGstin(t, listing.host.token, 'host/tax-identity', HOST_GSTIN_MH, 'Nair Parking Services LLP')).statusCode).toBe(200);
    const guest = await newGuest(t.app);
    expect((await setGstin(t, guest.token, 'profile/tax-identity', HOST_GSTIN_KA, 'Acme Logistics Pvt Ltd')).statusCode).toBe(200);
    const created = await guest.calls.book({ parking_id: listing.id, ...next() });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().result.id;
    expect((await guest.calls.pay(id)).statusCode).toBe(200);
    const docs = await documents(t, id);
    expect(docs.map((d) => [d.kind, d.number.slice(0, 4)])).toEqual([['invoice', 'PKI/'], ['invoice', 'HSI/']]);
    const [fee, parking] = docs.map((d) => d.document) as [InvoiceDocument, InvoiceDocument];
    // Parkly (Karnataka) to a place of supply in Maharashtra: IGST = round(500 × 1800 / 11800) = 76
    expect(fee.taxes).toEqual([{ label: 'IGST', rate: 18, amount: 76 }]);
    // the host is registered in Maharashtra, the place of supply: CGST + SGST on ₹100.00 = round(10000 × 1800 / 23600) = 763 each
    expect(parking.taxes).toEqual([{ label: 'CGST', rate: 9, amount: 763 }, { label: 'SGST', rate: 9, amount: 763 }]);
    expect(parking.supplier).toMatchObject({ name: 'Nair Parking Services LLP', gstin: HOST_GSTIN_MH });
    expect(fee.recipient).toMatchObject({ businessName: 'Acme Logistics Pvt Ltd', gstin: HOST_GSTIN_KA });
    const { text, flat } = readPdf((await invoicePdf(t, guest.token, id)).rawPayload);
    expect(text).toMatch(/IGST @ 18%\s+₹0\.76/);
    expect(text).toMatch(/CGST @ 9%\s+₹7\.63/);
    expect(flat).toContain('Acme Logistics Pvt Ltd');
    expect(flat).toContain(`GSTIN: ${HOST_GSTIN_KA}`);
    expect(flat).toContain(`GSTIN: ${HOST_GSTIN_MH}`);
    expect(flat).toContain('Place of supply: Maharashtra (27)');
    expect(flat).toContain('Issued by Parkly on behalf of Nair Parking Services LLP.');
  });

  it('a request is invoiced when its capture succeeds, not before', async () => {
    const listing = await publishedListing(t.app, { instant_book: false });
    const { guest, booking } = await paidBooking(t.app, listing.id, next());
    expect(booking.status).toBe('requested');
    expect(await documents(t, booking.id)).toEqual([]);
    const none = await invoicePdf(t, guest.token, booking.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('This booking has no invoice: one is issued when a booking is paid for and confirmed.');
    expect((await bookingCalls(t.app, listing.host.token).accept(booking.id)).statusCode).toBe(200);
    expect((await documents(t, booking.id)).map((d) => d.kind)).toEqual(['invoice', 'bill_of_supply']);
  });

  it('numbers stay gap-less in a series under concurrent confirmations', async () => {
    const listing = await publishedListing(t.app, { capacity: 20 });
    const w = next();
    const guests = await Promise.all(Array.from({ length: 8 }, () => newGuest(t.app)));
    const ids = await Promise.all(guests.map(async (g) => (await g.calls.book({ parking_id: listing.id, ...w })).json().result.id as string));
    const paid = await Promise.all(guests.map((g, i) => g.calls.pay(ids[i]!)));
    expect(paid.map((p) => p.statusCode)).toEqual(Array(8).fill(200));
    // the host's series is this host's alone: 1 to 8, each once
    const hostNumbers = await t.db.query<{ number: string }>(`SELECT number FROM invoices WHERE host_id = $1 ORDER BY number`, [listing.host.user.id]);
    expect(hostNumbers.map((r) => r.number)).toEqual(Array.from({ length: 8 }, (_, i) => `HSB/${FY}/${String(i + 1).padStart(7, '0')}`));
    // Parkly's: no gap and no repeat from 1 to the last number given
    const parkly = await t.db.query<{ sequence: number }>(`SELECT sequence FROM invoices WHERE host_id IS NULL AND kind = 'invoice' ORDER BY sequence`);
    expect(parkly.map((r) => r.sequence)).toEqual(Array.from({ length: parkly.length }, (_, i) => i + 1));
  });
});

describe('refunds issue credit notes', () => {
  it('a partial refund (the policy’s half) credits each document its share; the PDF adds the credit notes', async () => {
    const listing = await publishedListing(t.app, { cancellation_policy: 'moderate' });
    const { guest, booking } = await paidBooking(t.app, listing.id, window(3, 1)); // ₹50 + ₹2.50 fee, half back
    expect((await guest.calls.cancel(booking.id)).json().result).toMatchObject({ refund_amount: 2625 });
    const docs = await documents(t, booking.id);
    expect(docs.map((d) => d.kind)).toEqual(['invoice', 'bill_of_supply', 'credit_note', 'credit_note']);
    const notes = docs.filter((d) => d.kind === 'credit_note');
    // the host's share as the ledger reverses it: half of ₹50.00; Parkly's the rest of ₹26.25
    expect(notes.map((n) => n.document.total).sort((a, b) => a - b)).toEqual([125, 2500]);
    expect(notes.every((n) => n.credits_invoice_id)).toBe(true);
    const parklyNote = notes.find((n) => n.host_id === null)!;
    expect(parklyNote.number).toMatch(new RegExp(`^PKC/${FY}/\\d{7}$`));
    // ₹1.25 of a ₹2.50 fee: the tax of what is credited so far (round(125 × 1800 / 23600) = 10 each)
    expect(parklyNote.document.taxes).toEqual([{ label: 'CGST', rate: 9, amount: 10 }, { label: 'SGST', rate: 9, amount: 10 }]);
    expect(parklyNote.document.credits).toMatchObject({ number: docs[0]!.number, reason: 'Refund on cancellation by the driver' });
    const { text, flat } = readPdf((await invoicePdf(t, guest.token, booking.id)).rawPayload);
    expect(text).toContain('Credit note');
    expect(flat).toContain(`Against ${docs[0]!.number}`);
    expect(text).toMatch(/Total\s+₹1\.25/);
    expect(flat).toContain('Amount in words: Rupees One and Twenty Five Paise Only');
  });

  it('a cancellation that refunds nothing (strict, inside a week) issues no credit note', async () => {
    const listing = await publishedListing(t.app, { cancellation_policy: 'strict' });
    const { guest, booking } = await paidBooking(t.app, listing.id, window(72, 1));
    expect((await guest.calls.cancel(booking.id)).json().result).toMatchObject({ status: 'cancelled', refund_amount: 0 });
    expect((await documents(t, booking.id)).map((d) => d.kind)).toEqual(['invoice', 'bill_of_supply']);
    expect((await invoicePdf(t, guest.token, booking.id)).statusCode).toBe(200);
  });

  it('a host’s cancellation credits everything; admin refunds in parts credit exactly the invoice’s tax in total', async () => {
    const listing = await publishedListing(t.app, { cancellation_policy: 'strict' });
    const host = bookingCalls(t.app, listing.host.token);
    const a = await paidBooking(t.app, listing.id, next());
    expect((await host.cancel(a.booking.id, { reason: 'Water leak' })).json().result).toMatchObject({ refund_amount: 10500 });
    const full = await documents(t, a.booking.id);
    const credited = (issuer: 'parkly' | 'host', rows: Row[]) => rows.filter((d) => d.kind === 'credit_note' && (d.host_id === null) === (issuer === 'parkly'));
    expect(credited('parkly', full).map((n) => n.document.total)).toEqual([500]);
    expect(credited('host', full).map((n) => n.document.total)).toEqual([10000]);
    expect(credited('parkly', full)[0]!.document.taxes).toEqual(full[0]!.document.taxes);

    const admin = await createTestUser(t.db, { role: 'admin' });
    const b = await paidBooking(t.app, listing.id, next());
    const refund = (amount: number) =>
      t.app.inject({ method: 'POST', url: api(`admin/bookings/${b.booking.id}/refund`), headers: admin.headers, payload: { amount, reason: 'Gate locked', idempotency_key: randomUUID() } });
    for (const amount of [3333, 3333, 3834]) expect((await refund(amount)).statusCode).toBe(200);
    const parts = await documents(t, b.booking.id);
    const parklyNotes = credited('parkly', parts);
    expect(parklyNotes).toHaveLength(3);
    expect(parklyNotes.reduce((s, n) => s + n.document.total, 0)).toBe(500);
    expect(credited('host', parts).reduce((s, n) => s + n.document.total, 0)).toBe(10000);
    const taxOf = (rows: Row[]) => rows.reduce((s, n) => s + n.document.taxes.reduce((x, tx) => x + tx.amount, 0), 0);
    expect(taxOf(parklyNotes)).toBe(taxOf([parts[0]!]));
    expect(parklyNotes[0]!.document.credits!.reason).toBe('Refund: Gate locked');
  });
});

describe('without Parkly’s GST registration', () => {
  it('issues the documents without a GST split and says why (never guessed)', async () => {
    const listing = await publishedListing(bare.app);
    const { guest, booking } = await paidBooking(bare.app, listing.id, next());
    const [fee] = await documents(bare, booking.id);
    expect(fee!.document).toMatchObject({ kind: 'invoice', taxes: [], total: 500, lines: [{ amount: 500 }] });
    expect(fee!.document.note).toMatch(/GST registration is not set up/);
    const { text, flat } = readPdf((await invoicePdf(bare, guest.token, booking.id)).rawPayload);
    expect(text).not.toContain('Tax invoice');
    expect(text).toMatch(/^\s*Invoice/m);
    expect(flat).toContain('Parkly’s GST registration is not set up');
  });
});
