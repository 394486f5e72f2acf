/**
 * Promotion codes (decision 036) through the API: the admin's list, create and deactivate; a driver's quote
 * and booking with a code (the discount out of Parkly's fee first, then its commission; the host's payout
 * untouched); the limits in total (under a race of two bookings) and per person; dates; a hold that never gets
 * paid gives its use back; Parkly's invoice shows the discount with GST on the discounted fee.
 * The default listing: ₹50 an hour, 2 hours = ₹100.00, fee 5 % = ₹5.00, host commission 15 % = ₹15.00.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromoCode } from '@parkly/shared/promo-codes';
import { api, bearer, createTestApp, type TestContext } from '../../../test/helper';
import { publishedListing } from '../listings/testing';
import { createTestUser } from '../notifications/test-users';
import { newGuest, window } from '../bookings/testing';
import type { InvoiceDocument } from '../invoices/invoice-document';

const PARKLY_GSTIN = '29AAGCP4242M1Z0';
let t: TestContext;
let admin: Awaited<ReturnType<typeof createTestUser>>;
let listing: Awaited<ReturnType<typeof publishedListing>>;
const dir = mkdtempSync(join(tmpdir(), 'parkly-promo-'));
beforeAll(async () => {
  t = await createTestApp({ PARKLY_GSTIN, GST_PERCENT: '18' });
  admin = await createTestUser(t.db, { name: 'Promo Admin', role: 'admin' });
  listing = await publishedListing(t.app, { capacity: 50 });
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

let slot = 0;
const next = () => window(48 + 3 * slot++, 2);
let n = 0;
const uniqueCode = (prefix = 'SAVE') => `${prefix}${++n}${randomUUID().slice(0, 4)}`.toUpperCase();

const asAdmin = (method: 'GET' | 'POST', path: string, payload?: object) => t.app.inject({ method, url: api(path), headers: admin.headers, ...(payload && { payload }) });
async function createCode(body: Record<string, unknown>) {
  const res = await asAdmin('POST', 'admin/promo_codes', { code: uniqueCode(), kind: 'percent', value: 10, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result as PromoCode;
}
const usesOf = async (id: string) => ((await asAdmin('GET', 'admin/promo_codes')).json().result as PromoCode[]).find((c) => c.id === id)!.uses;

describe('admin promo codes', () => {
  it('creates, lists and deactivates a code, each in the audit log; anyone else gets 403', async () => {
    const code = await createCode({ kind: 'amount', value: 5000, max_uses: 100, max_per_person: 2, ends_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(code).toMatchObject({ kind: 'amount', value: 5000, currency: 'INR', max_uses: 100, max_per_person: 2, active: true, uses: 0, starts_at: null });
    const list = (await asAdmin('GET', 'admin/promo_codes')).json().result as PromoCode[];
    expect(list.map((c) => c.id)).toContain(code.id);

    const off = await asAdmin('POST', `admin/promo_codes/${code.id}/deactivate`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().result.active).toBe(false);
    // twice is fine, and logged once
    expect((await asAdmin('POST', `admin/promo_codes/${code.id}/deactivate`)).json().result.active).toBe(false);
    const audit = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE subject_id = $1 ORDER BY created_at`, [code.id]);
    expect(audit.map((a) => a.action)).toEqual(['promo_code.create', 'promo_code.deactivate']);

    expect((await asAdmin('POST', `admin/promo_codes/${randomUUID()}/deactivate`)).statusCode).toBe(404);
    expect((await asAdmin('POST', 'admin/promo_codes/nope/deactivate')).statusCode).toBe(404);
    const driver = await newGuest(t.app);
    expect((await t.app.inject({ method: 'GET', url: api('admin/promo_codes'), headers: bearer(driver.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: api('admin/promo_codes'), headers: bearer(driver.token), payload: { code: 'HACK10', kind: 'percent', value: 100 } })).statusCode).toBe(403);
  });

  it('refuses bad input with a message on the field, and a second code of the same name in any case', async () => {
    const bad = async (body: object, field: string) => {
      const res = await asAdmin('POST', 'admin/promo_codes', { code: uniqueCode(), kind: 'percent', value: 10, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[field]).toBeTruthy();
    };
    await bad({ value: 101 }, 'value');
    await bad({ value: 0 }, 'value');
    await bad({ value: 2.5 }, 'value');
    await bad({ kind: 'free' }, 'kind');
    await bad({ code: 'a b' }, 'code');
    await bad({ code: 'X' }, 'code');
    await bad({ starts_at: '2027-01-02T00:00:00Z', ends_at: '2027-01-01T00:00:00Z' }, 'ends_at');
    await bad({ max_uses: 1, max_per_person: 2 }, 'max_per_person');
    await bad({ ends_at: 'tomorrow' }, 'ends_at');

    const code = await createCode({});
    const again = await asAdmin('POST', 'admin/promo_codes', { code: code.code.toLowerCase(), kind: 'amount', value: 100 });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.code).toMatch(/already a code/);
  });
});

describe('a driver applies a code', () => {
  it('percent: the quote and the booking show the discount, out of the fee then the commission; the host’s payout stays; the charge is the total', async () => {
    const code = await createCode({ kind: 'percent', value: 10 });
    const guest = await newGuest(t.app);
    const w = next();
    const quote = await guest.calls.call('GET', `parkings/${listing.id}/quote?start=${encodeURIComponent(w.start)}&end=${encodeURIComponent(w.end)}&promo_code=${code.code.toLowerCase()}`);
    expect(quote.statusCode, quote.body).toBe(200);
    // 10 % of ₹105.00 = ₹10.50: ₹5.00 from the fee, ₹5.50 from the commission
    expect(quote.json().result).toMatchObject({ subtotal: 10000, service_fee: 500, discount: 1050, promo_code: code.code, total: 9450 });
    // anyone can quote with a code; without one the quote is as before
    expect((await (await newGuest(t.app)).calls.quote(listing.id, w)).json().result).toMatchObject({ discount: 0, promo_code: null, total: 10500 });

    const created = await guest.calls.book({ parking_id: listing.id, ...w, promo_code: ` ${code.code.toLowerCase()} ` });
    expect(created.statusCode, created.body).toBe(201);
    const booking = created.json().result;
    expect(booking).toMatchObject({ subtotal: 10000, service_fee: 500, discount: 1050, promo_code: code.code, total: 9450 });
    const paid = await guest.calls.pay(booking.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().result).toMatchObject({ status: 'confirmed', total: 9450 });
    const [row] = await t.db.query<{ amount_paid: number }>(`SELECT amount_paid FROM bookings WHERE id = $1`, [booking.id]);
    expect(row!.amount_paid).toBe(9450);
    const hostView = (await t.app.inject({ method: 'GET', url: api(`bookings/${booking.id}`), headers: bearer(listing.host.token) })).json().result;
    expect(hostView).toMatchObject({ host_fee: 1500, host_payout: 8500, discount: 1050 });
    // the console's booking page shows it too
    const inConsole = await asAdmin('GET', `admin/bookings/${booking.id}`);
    expect(inConsole.json().result.price).toMatchObject({ subtotal: 10000, service_fee: 500, host_fee: 1500, discount: 1050, promo_code: code.code, total: 9450 });
    expect(await usesOf(code.id)).toBe(1);
  });

  it('never takes more than Parkly’s fee and commission: 100 % off leaves the host’s ₹85.00', async () => {
    const code = await createCode({ kind: 'percent', value: 100 });
    const guest = await newGuest(t.app);
    const res = await guest.calls.book({ parking_id: listing.id, ...next(), promo_code: code.code });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().result).toMatchObject({ discount: 2000, total: 8500 });
  });

  it('amount: Parkly’s invoice shows the discount and GST on the discounted fee; the host’s document is unchanged', async () => {
    const code = await createCode({ kind: 'amount', value: 200 });
    const guest = await newGuest(t.app);
    const created = await guest.calls.book({ parking_id: listing.id, ...next(), promo_code: code.code });
    expect(created.json().result).toMatchObject({ discount: 200, total: 10300 });
    expect((await guest.calls.pay(created.json().result.id)).statusCode).toBe(200);
    const docs = await t.db.query<{ host_id: string | null; document: InvoiceDocument }>(`SELECT host_id, document FROM invoices WHERE booking_id = $1 AND kind <> 'credit_note'`, [created.json().result.id]);
    const parkly = docs.find((d) => d.host_id === null)!.document;
    const host = docs.find((d) => d.host_id !== null)!.document;
    // ₹3.00 at 18 %: half = round(300 × 1800 / 23600) = 23
    expect(parkly).toMatchObject({ total: 300, lines: [{ amount: 254 }], taxes: [{ label: 'CGST', amount: 23 }, { label: 'SGST', amount: 23 }] });
    expect(parkly.lines[0]!.description).toBe(`Parkly service fee ₹5.00, less promo code ${code.code} ₹2.00`);
    expect(host.total).toBe(10000);

    const pdf = await t.app.inject({ method: 'GET', url: api(`bookings/${created.json().result.id}/invoice.pdf`), headers: bearer(guest.token) });
    expect(pdf.statusCode).toBe(200);
    const file = join(dir, `${randomUUID()}.pdf`);
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain(`less promo code ${code.code} ₹2.00`);
    expect(text).toMatch(/Total ₹3\.00/);

    // a full refund credits Parkly's ₹3.00 and the host's ₹100.00
    const cancelled = await t.app.inject({ method: 'POST', url: api(`bookings/${created.json().result.id}/cancel`), headers: bearer(listing.host.token), payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const notes = await t.db.query<{ host_id: string | null; total: number }>(`SELECT host_id, (document->>'total')::int AS total FROM invoices WHERE booking_id = $1 AND kind = 'credit_note' ORDER BY host_id NULLS FIRST`, [created.json().result.id]);
    expect(notes.map((d) => d.total)).toEqual([300, 10000]);
  });

  it('refuses an unknown, deactivated, expired or not yet started code with a message on promo_code; the booking is not made', async () => {
    const guest = await newGuest(t.app);
    const refused = async (promo_code: string, status: number, message: RegExp) => {
      const w = next();
      const q = await guest.calls.call('GET', `parkings/${listing.id}/quote?start=${encodeURIComponent(w.start)}&end=${encodeURIComponent(w.end)}&promo_code=${encodeURIComponent(promo_code)}`);
      expect(q.statusCode, q.body).toBe(status);
      expect(q.json().errors.promo_code).toMatch(message);
      const b = await guest.calls.book({ parking_id: listing.id, ...w, promo_code });
      expect(b.statusCode, b.body).toBe(status);
      expect(b.json().errors.promo_code).toMatch(message);
    };
    await refused('NOSUCHCODE', 400, /does not exist/);
    await refused('<script>', 400, /does not exist/);
    const off = await createCode({});
    await asAdmin('POST', `admin/promo_codes/${off.id}/deactivate`);
    await refused(off.code, 400, /no longer valid/);
    const day = 86_400_000;
    const expired = await createCode({ starts_at: new Date(Date.now() - 2 * day).toISOString(), ends_at: new Date(Date.now() - day).toISOString() });
    await refused(expired.code, 400, /expired/);
    const later = await createCode({ starts_at: new Date(Date.now() + day).toISOString() });
    await refused(later.code, 400, /cannot be used yet/);
    expect((await guest.calls.list()).json().result).toHaveLength(0);
  });

  it('per person: a second use by the same driver is 409, another driver may', async () => {
    const code = await createCode({ max_per_person: 1 });
    const guest = await newGuest(t.app);
    expect((await guest.calls.book({ parking_id: listing.id, ...next(), promo_code: code.code })).statusCode).toBe(201);
    const again = await guest.calls.book({ parking_id: listing.id, ...next(), promo_code: code.code });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.promo_code).toBe('You have already used this promo code.');
    // the quote says so too, to the signed-in driver
    const w = next();
    const q = await guest.calls.call('GET', `parkings/${listing.id}/quote?start=${encodeURIComponent(w.start)}&end=${encodeURIComponent(w.end)}&promo_code=${code.code}`);
    expect(q.statusCode).toBe(409);
    const other = await newGuest(t.app);
    expect((await other.calls.book({ parking_id: listing.id, ...next(), promo_code: code.code })).statusCode).toBe(201);
  });

  it('in total, under a race: two drivers book at once with the last use, one gets it and the other a 409', async () => {
    const code = await createCode({ max_uses: 1 });
    const [a, b] = await Promise.all([newGuest(t.app), newGuest(t.app)]);
    const other = await publishedListing(t.app);
    const answers = await Promise.all([
      a.calls.book({ parking_id: listing.id, ...next(), promo_code: code.code }),
      b.calls.book({ parking_id: other.id, ...next(), promo_code: code.code }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const lost = answers.find((r) => r.statusCode === 409)!;
    expect(lost.json().errors.promo_code).toBe('This promo code has been used up.');
    expect(await usesOf(code.id)).toBe(1);
  });

  it('a hold cancelled unpaid or lapsed gives its use back; a paid booking cancelled later keeps it', async () => {
    const code = await createCode({ max_uses: 1 });
    const guest = await newGuest(t.app);
    const first = (await guest.calls.book({ parking_id: listing.id, ...next(), promo_code: code.code })).json().result;
    expect((await (await newGuest(t.app)).calls.book({ parking_id: listing.id, ...next(), promo_code: code.code })).statusCode).toBe(409);
    expect((await guest.calls.cancel(first.id)).statusCode).toBe(200);
    expect(await usesOf(code.id)).toBe(0);

    // the same driver again (the use came back), then the hold runs out
    const second = (await guest.calls.book({ parking_id: listing.id, ...next(), promo_code: code.code })).json().result;
    expect(await usesOf(code.id)).toBe(1);
    await t.db.query(`UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE id = $1`, [second.id]);
    expect(await usesOf(code.id)).toBe(0);

    const payer = await newGuest(t.app);
    const third = (await payer.calls.book({ parking_id: listing.id, ...next(), promo_code: code.code })).json().result;
    expect((await payer.calls.pay(third.id)).statusCode).toBe(200);
    expect((await payer.calls.cancel(third.id)).statusCode).toBe(200);
    expect(await usesOf(code.id)).toBe(1);
    expect((await (await newGuest(t.app)).calls.book({ parking_id: listing.id, ...next(), promo_code: code.code })).statusCode).toBe(409);
  });
});
