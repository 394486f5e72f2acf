import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, createTestApp, signUp, type TestContext } from '../../../test/helper';
import { bookingReference } from '../bookings/booking-notices';
import { insertEntry } from '../earnings/host-ledger.repository';
import { insertPayout, markPayout } from '../earnings/payouts.repository';
import { insertBooking, publishedListing } from '../listings/testing';

// Parkly registered in Karnataka (29), GST at 18 %
let t: TestContext;
const dir = mkdtempSync(join(tmpdir(), 'parkly-statement-'));
beforeAll(async () => {
  t = await createTestApp({ PARKLY_GSTIN: '29AAGCP4242M1Z0', GST_PERCENT: '18' });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (token: string | undefined, path: string) => t.app.inject({ method: 'GET', url: api(path), headers: token ? bearer(token) : {} });

/** The PDF as a person reads it (poppler's pdftotext), sentences on one line. */
function readPdf(bytes: Buffer, name: string) {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  return { text, flat: text.replace(/\s+/g, ' ') };
}

/**
 * The worked example (decision 030). In March 2026, India time, a host's ledger has:
 * - booking A earned ₹1,000.00 on 5 Mar: commission ₹150.00, net ₹850.00;
 * - booking B earned ₹200.00 at 00:00 on 1 Mar IST (18:30 UTC on 28 Feb): commission ₹30.00, net ₹170.00;
 * - B half refunded on 20 Mar: gross −₹100.00, commission −₹15.00, the host's share −₹85.00;
 * - a payout of ₹500.00 paid on 25 Mar;
 * and booking C earned ₹500.00 at 00:00 on 1 Apr IST (18:30 UTC on 31 Mar): April's, not March's.
 * March: 2 bookings, gross ₹1,200.00, commission ₹180.00, refunds ₹85.00, net ₹935.00 (= 1200 − 180 − 85).
 * Commission kept after refunds: ₹165.00 (150 + 30 − 15), GST included at 18 %:
 * - host not registered: supplied in Karnataka, Parkly's state: half = round(16500 × 1800 / 23600) =
 *   round(1258.47) = 1258 → CGST 9 % ₹12.58, SGST 9 % ₹12.58, taxable ₹139.84;
 * - host registered in Maharashtra (27): IGST 18 % = round(16500 × 1800 / 11800) = round(2516.95) = 2517
 *   → ₹25.17 on ₹139.83.
 */
async function workedExample(title = 'Covered bay near MG Road') {
  const { id: listingId, host } = await publishedListing(t.app, { capacity: 3 });
  await t.db.query(`UPDATE listings SET title = $2 WHERE id = $1`, [listingId, title]);
  const guest = await signUp(t.app);
  const booking = (start: string) => insertBooking(t.db, { listingId, guestId: guest.user.id, start: new Date(start), end: new Date(new Date(start).getTime() + 3 * 3600_000) });
  const [a, b, c] = [await booking('2026-03-06T04:30:00Z'), await booking('2026-03-02T04:30:00Z'), await booking('2026-04-03T04:30:00Z')];
  const hostId = host.user.id;
  const base = { hostId, currency: 'INR', listingId };
  await insertEntry(t.db, { ...base, kind: 'earning', key: `booking:${a}:earning`, bookingId: a, gross: 100000, commission: 15000, pending: 85000, occurredAt: new Date('2026-03-05T06:00:00Z') });
  await insertEntry(t.db, { ...base, kind: 'earning', key: `booking:${b}:earning`, bookingId: b, gross: 20000, commission: 3000, pending: 17000, occurredAt: new Date('2026-02-28T18:30:00Z') });
  await insertEntry(t.db, { ...base, kind: 'reversal', key: `booking:${b}:reversal`, bookingId: b, gross: -10000, commission: -1500, pending: -8500, guestRefund: 10500, occurredAt: new Date('2026-03-20T10:00:00Z') });
  await insertEntry(t.db, { ...base, kind: 'earning', key: `booking:${c}:earning`, bookingId: c, gross: 50000, commission: 7500, pending: 42500, occurredAt: new Date('2026-03-31T18:30:00Z') });
  const payout = await insertPayout(t.db, { hostId, amount: 50000, currency: 'INR', method: 'upi', destination: 'UPI pr•••@okicici', paymentProvider: 'simulated', requestedAt: new Date('2026-03-24T10:00:00Z') });
  await markPayout(t.db, payout.id, { status: 'paid', reference: 'UTR0325', at: new Date('2026-03-25T10:00:00Z') });
  await insertEntry(t.db, { hostId, currency: 'INR', kind: 'payout_requested', key: `payout:${payout.id}:requested`, payoutId: payout.id, available: -50000, requested: 50000, occurredAt: new Date('2026-03-24T10:00:00Z') });
  await insertEntry(t.db, { hostId, currency: 'INR', kind: 'payout_paid', key: `payout:${payout.id}:paid`, payoutId: payout.id, requested: -50000, paidOut: 50000, occurredAt: new Date('2026-03-25T10:00:00Z') });
  return { host, a: bookingReference(a), b: bookingReference(b), c: bookingReference(c) };
}

describe('GET host/statements', () => {
  it("lists the months with activity, newest first, with the same figures as the month's statement", async () => {
    const { host } = await workedExample();
    const res = await get(host.token, 'host/statements');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual([
      { month: '2026-04', currency: 'INR', bookings: 1, gross: 50000, commission: 7500, refunds: 0, net: 42500, paid_out: 0 },
      { month: '2026-03', currency: 'INR', bookings: 2, gross: 120000, commission: 18000, refunds: 8500, net: 93500, paid_out: 50000 },
    ]);
  });

  it('is 401 without a token, 403 for someone who is not a host, and empty for a host with nothing yet', async () => {
    expect((await get(undefined, 'host/statements')).statusCode).toBe(401);
    const driver = await signUp(t.app);
    expect((await get(driver.token, 'host/statements')).statusCode).toBe(403);
    expect((await get(driver.token, 'host/statements/2026-03.pdf')).statusCode).toBe(403);
    const { host } = await publishedListing(t.app);
    expect((await get(host.token, 'host/statements')).json().result).toEqual([]);
  });
});

describe('GET host/statements/:month.pdf and .csv', () => {
  it('prints the worked example: totals, the commission with CGST and SGST carved out, each line and the payout', async () => {
    const { host, a, b, c } = await workedExample();
    const res = await get(host.token, 'host/statements/2026-03.pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="parkly-statement-2026-03.pdf"');
    const { text, flat } = readPdf(res.rawPayload, 'march.pdf');
    expect(text).toContain('Statement for Mar 2026');
    expect(flat).toContain('1 Mar 2026 to 31 Mar 2026, India time');
    expect(text).toMatch(/Bookings that earned\s+2/);
    expect(text).toMatch(/Gross \(what guests paid for the stays\)\s+₹1,200\.00/);
    expect(text).toMatch(/Parkly commission\s+₹180\.00/);
    expect(text).toMatch(/Your share of refunds\s+₹85\.00/);
    expect(text).toMatch(/Net earnings\s+₹935\.00/);
    expect(text).toMatch(/Paid out this month\s+₹500\.00/);
    expect(text).toMatch(/Commission kept after refunds, GST included\s+₹165\.00/);
    expect(text).toMatch(/Taxable value\s+₹139\.84/);
    expect(text).toMatch(/CGST @ 9%\s+₹12\.58/);
    expect(text).toMatch(/SGST @ 9%\s+₹12\.58/);
    expect(flat).toContain("Place of supply: Karnataka (29). Parkly's GSTIN: 29AAGCP4242M1Z0.");
    // the booking at midnight on 1 March India time is March's; the one at midnight on 1 April is not
    expect(text).toMatch(new RegExp(`1 Mar 2026\\s+Earning\\s+${b}\\s+Covered bay near MG Road\\s+₹200\\.00\\s+₹30\\.00\\s+₹170\\.00`));
    expect(text).toMatch(new RegExp(`5 Mar 2026\\s+Earning\\s+${a}\\s+Covered bay near MG Road\\s+₹1,000\\.00\\s+₹150\\.00\\s+₹850\\.00`));
    expect(text).toMatch(new RegExp(`20 Mar 2026\\s+Refund\\s+${b}\\s+Covered bay near MG Road\\s+-₹100\\.00\\s+-₹15\\.00\\s+-₹85\\.00`));
    expect(text).not.toContain(c);
    expect(text).toMatch(/25 Mar 2026\s+UPI pr•••@okicici\s+UTR0325\s+₹500\.00/);
    expect(execFileSync('pdffonts', [join(dir, 'march.pdf')], { encoding: 'utf8' })).toContain('NotoSans');
  });

  it('carves IGST for a host registered in another state, and prints their GSTIN and name', async () => {
    const { host } = await workedExample();
    const saved = await t.app.inject({ method: 'PUT', url: api('host/tax-identity'), headers: bearer(host.token), payload: { gstin: '27AAPFU0939F1ZV', legal_name: 'Nair Parking Services LLP' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const { text } = readPdf((await get(host.token, 'host/statements/2026-03.pdf')).rawPayload, 'igst.pdf');
    expect(text).toContain('Nair Parking Services LLP');
    expect(text).toContain('GSTIN: 27AAPFU0939F1ZV');
    expect(text).toMatch(/Taxable value\s+₹139\.83/);
    expect(text).toMatch(/IGST @ 18%\s+₹25\.17/);
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).not.toContain('CGST');
  });

  it('gives the same figures as CSV, quoted, with a formula-looking title defused', async () => {
    const { host, a, b } = await workedExample('=1+1, the "best" bay');
    const res = await get(host.token, 'host/statements/2026-03.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="parkly-statement-2026-03.csv"');
    const rows = res.body.split('\r\n');
    expect(rows).toContain('Date,Type,Booking,Space,Gross,Commission,Net');
    expect(rows).toContain(`2026-03-01,Earning,${b},"'=1+1, the ""best"" bay",200.00,30.00,170.00`);
    expect(rows).toContain(`2026-03-05,Earning,${a},"'=1+1, the ""best"" bay",1000.00,150.00,850.00`);
    expect(rows).toContain(`2026-03-20,Refund,${b},"'=1+1, the ""best"" bay",-100.00,-15.00,-85.00`);
    for (const line of ['Bookings,2', 'Gross,1200.00', 'Parkly commission,180.00', 'Your share of refunds,85.00', 'Net earnings,935.00',
      'Commission kept after refunds (GST included),165.00', 'Commission taxable value,139.84', 'CGST @ 9%,12.58', 'SGST @ 9%,12.58',
      '2026-03-25,UPI pr•••@okicici,UTR0325,500.00', 'Paid out,,,500.00']) {
      expect(rows).toContain(line);
    }
    expect(res.body.endsWith('\r\n')).toBe(true);
  });

  it("400 on a month that is not YYYY-MM, 404 for a month with nothing, a month to come, another format, or another host's month", async () => {
    const { host } = await workedExample();
    for (const bad of ['2026-13', '2026-00', 'march', '26-03', '2026-3']) {
      const res = await get(host.token, `host/statements/${bad}.pdf`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: { month: 'Use YYYY-MM, such as 2026-03' } });
    }
    expect((await get(host.token, 'host/statements/2026-02.pdf')).statusCode).toBe(404);
    expect((await get(host.token, 'host/statements/2099-01.csv')).statusCode).toBe(404);
    expect((await get(host.token, 'host/statements/2026-03.txt')).statusCode).toBe(404);
    expect((await get(host.token, 'host/statements/2026-03')).statusCode).toBe(404);
    const other = await publishedListing(t.app);
    expect((await get(other.host.token, 'host/statements/2026-03.pdf')).statusCode).toBe(404);
    expect((await get(other.host.token, 'host/statements')).json().result).toEqual([]);
    expect((await get(undefined, 'host/statements/2026-03.pdf')).statusCode).toBe(401);
  });
});
