import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialYearOf } from '@parkly/shared/gst';
import { openTestDatabase, TEST_DB_KIND } from '../../../test/helper';
import { buildDocument, type InvoiceDocument } from './invoice-document';
import { renderInvoicePdf } from './invoice-pdf';
import { findBookingDocuments, issueDocument } from './invoices.repository';

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let hostId: string;
let bookingId: string;

const NOV_2026 = new Date('2026-11-29T10:00:00+05:30');
const FY_2026 = financialYearOf(NOV_2026).startYear;

beforeAll(async () => {
  db = await openTestDatabase();
  const [host, guest] = await db.query<{ id: string }>(`INSERT INTO users (name, email) VALUES ('Host', 'h@example.com'), ('Guest', 'g@example.com') RETURNING id`);
  hostId = host!.id;
  const [listing] = await db.query<{ id: string }>(`INSERT INTO listings (host_id, title) VALUES ($1, 'Covered bay, Indiranagar') RETURNING id`, [hostId]);
  const [unit] = await db.query<{ id: string }>(`INSERT INTO listing_units (listing_id, label) VALUES ($1, 'Bay 1') RETURNING id`, [listing!.id]);
  const [booking] = await db.query<{ id: string }>(
    `INSERT INTO bookings (listing_id, unit_id, guest_id, during, status, subtotal, service_fee, total)
     VALUES ($1, $2, $3, tstzrange(now(), now() + interval '2 hours'), 'confirmed', 10000, 500, 10500) RETURNING id`,
    [listing!.id, unit!.id, guest!.id],
  );
  bookingId = booking!.id;
});
afterAll(() => db.close());

const serviceFeeInvoice = (issuedAt = NOV_2026) => ({
  bookingId,
  hostId: null,
  kind: 'invoice' as const,
  issuedAt,
  document: (number: string) => ({ number, total: 500 }),
});

/** The numbers a series has committed, in order. */
const committed = async (kind: string, host: string | null, fy = FY_2026) =>
  (
    await db.query<{ sequence: number }>(
      `SELECT sequence FROM invoices WHERE kind = $1 AND host_id IS NOT DISTINCT FROM $2 AND financial_year = $3 ORDER BY sequence`,
      [kind, host, fy],
    )
  ).map((r) => r.sequence);

describe('issuing a document', () => {
  it("gives Parkly's first tax invoice of 2026-27 the number PKI/2627/0000001 and stores what was printed", async () => {
    const row = await db.transaction((tx) => issueDocument(tx, serviceFeeInvoice()));
    expect(row.number).toBe('PKI/2627/0000001');
    expect(row.document).toEqual({ number: 'PKI/2627/0000001', total: 500 });
    expect(await findBookingDocuments(db, bookingId)).toMatchObject([{ kind: 'invoice', number: 'PKI/2627/0000001' }]);
  });

  it("keeps one series per issuer and kind: the host's bill of supply starts at 1, and the next Parkly invoice is 2", async () => {
    const bill = await db.transaction((tx) => issueDocument(tx, { ...serviceFeeInvoice(), hostId, kind: 'bill_of_supply' }));
    expect(bill.number).toBe('HSB/2627/0000001');
    const second = await db.transaction((tx) => issueDocument(tx, serviceFeeInvoice()));
    expect(second.number).toBe('PKI/2627/0000002');
  });

  it('starts a new series on 1 April, India time', async () => {
    const april = await db.transaction((tx) => issueDocument(tx, serviceFeeInvoice(new Date('2027-03-31T18:30:00Z'))));
    expect(april.number).toBe('PKI/2728/0000001');
  });

  it('numbers a credit note in its own series, against the invoice it reduces', async () => {
    const [invoice] = await findBookingDocuments(db, bookingId);
    const note = await db.transaction((tx) => issueDocument(tx, { ...serviceFeeInvoice(), kind: 'credit_note', creditsInvoiceId: invoice!.id }));
    expect(note.number).toBe('PKC/2627/0000001');
    // the database refuses a credit note that credits nothing
    await expect(db.transaction((tx) => issueDocument(tx, { ...serviceFeeInvoice(), kind: 'credit_note' }))).rejects.toThrow();
    expect(await committed('credit_note', null)).toEqual([1]);
  });

  it('never changes or removes an issued document', async () => {
    await expect(db.query(`UPDATE invoices SET document = '{}'`)).rejects.toThrow(/cannot be changed/);
    await expect(db.query(`DELETE FROM invoices`)).rejects.toThrow(/cannot be changed/);
  });
});

describe('printing an issued document', () => {
  it('prints what was stored when it was issued, number and amounts included', async () => {
    const issued = await db.transaction((tx) =>
      issueDocument(tx, {
        ...serviceFeeInvoice(),
        document: (number) =>
          buildDocument({
            kind: 'invoice',
            number,
            issuedAt: NOV_2026,
            supplier: { name: 'Parkly', gstin: '29AAGCP4242M1Z0', address: ['Bengaluru'], stateCode: '29' },
            onBehalfOfSupplier: false,
            recipient: { name: 'Guest', gstin: null, address: [], stateCode: null },
            placeOfSupply: '27',
            booking: { reference: bookingId.slice(0, 8), listing: 'Covered bay, Indiranagar', period: '29 Nov 2026' },
            item: { description: 'Parkly service fee', sac: null, amount: 500 },
            gstRate: 18,
          }),
      }),
    );
    const [stored] = (await findBookingDocuments<InvoiceDocument>(db, bookingId)).filter((d) => d.id === issued.id);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: await renderInvoicePdf(stored!.document), encoding: 'utf8' });
    expect(text).toContain(`No. ${issued.number}`);
    expect(text).toMatch(/IGST @ 18%\s+₹0\.76/);
    expect(text).toMatch(/Total\s+₹5\.00/);
  });
});

describe('the series has no gaps', () => {
  it('a rolled-back transaction gives its number back', async () => {
    const before = await committed('invoice', null);
    await expect(
      db.transaction(async (tx) => {
        await issueDocument(tx, serviceFeeInvoice());
        throw new Error('the payment failed');
      }),
    ).rejects.toThrow('the payment failed');
    const next = await db.transaction((tx) => issueDocument(tx, serviceFeeInvoice()));
    expect(next.number).toBe(`PKI/2627/${String(before.length + 1).padStart(7, '0')}`);
    expect(await committed('invoice', null)).toEqual([...before, before.length + 1]);
  });

  it(`confirming 40 bookings at once, a quarter of them rolled back, leaves 1 to 30 in order (${TEST_DB_KIND})`, async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        db.transaction(async (tx) => {
          // some work before and after the number, so the transactions overlap
          await tx.query(`SELECT pg_sleep($1)`, [(i % 5) / 1000]);
          const row = await issueDocument(tx, { ...serviceFeeInvoice(), hostId, kind: 'invoice' });
          await tx.query(`SELECT pg_sleep($1)`, [(i % 3) / 1000]);
          if (i % 4 === 3) throw new Error('rolled back');
          return row.number;
        }),
      ),
    );
    const numbers = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(numbers).toHaveLength(30);
    expect(new Set(numbers).size).toBe(30);
    expect(await committed('invoice', hostId)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    // the counter agrees with what was committed
    const [counter] = await db.query<{ last_number: number }>(`SELECT last_number FROM invoice_series WHERE host_id = $1 AND kind = 'invoice'`, [hostId]);
    expect(counter!.last_number).toBe(30);
  });
});
