/**
 * An admin may cancel, accept or decline any booking through the ordinary routes (as neither its guest nor
 * its host): each such action is in the audit log, written in its transaction, as a console action is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestContext } from '../../../test/helper';
import { publishedListing } from '../listings/testing';
import { createTestUser } from '../notifications/test-users';
import { bookingCalls, paidBooking, window } from './testing';

let t: TestContext;
let admin: Awaited<ReturnType<typeof createTestUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t.db, { name: 'Ada Admin', role: 'admin' });
});
afterAll(() => t.close());

type Entry = { action: string; actor: { id: string } | null; subject_type: string; subject_id: string; reason: string | null; before: unknown; after: unknown; ip: string | null };

/** The console's audit log, as an admin reads it, for one booking. */
async function auditOf(bookingId: string): Promise<Entry[]> {
  const res = await t.app.inject({ url: api(`admin/audit?subject=${bookingId}`), headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

const asAdmin = (path: string, payload: object = {}) => t.app.inject({ method: 'POST', url: api(path), headers: admin.headers, remoteAddress: '198.51.100.44', payload });

describe('admin actions through the ordinary booking routes', () => {
  it('cancelling a confirmed booking is audited with the status and refund before and after, the reason, who and where', async () => {
    const { id } = await publishedListing(t.app);
    const { booking } = await paidBooking(t.app, id, window(48, 2));
    const res = await asAdmin(`bookings/${booking.id}/cancel`, { reason: 'Listing reported as a fake address' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'cancelled', cancelled_by: 'admin', refund_amount: 10500 });
    expect(await auditOf(booking.id)).toEqual([
      expect.objectContaining({
        action: 'booking.cancel',
        actor: expect.objectContaining({ id: admin.id }),
        subject_type: 'booking',
        subject_id: booking.id,
        reason: 'Listing reported as a fake address',
        before: { status: 'confirmed', payment_status: 'paid', refund_amount: null },
        after: { status: 'cancelled', payment_status: 'refunded', refund_amount: 10500 },
        ip: '198.51.100.44',
      }),
    ]);
  });

  it('accepting and declining requests are audited; the accepted one waits on its capture, then is confirmed in the admin\'s name', async () => {
    const listing = await publishedListing(t.app, { instant_book: false, capacity: 2 });
    const accepted = (await paidBooking(t.app, listing.id, window(48, 2))).booking;
    const declined = (await paidBooking(t.app, listing.id, window(48, 2))).booking;

    const yes = await asAdmin(`bookings/${accepted.id}/accept`);
    expect(yes.json().result).toMatchObject({ status: 'confirmed', payment_status: 'paid', viewer_role: 'admin' });
    expect(yes.json().result.events.at(-1)).toMatchObject({ event: 'accept', by: 'admin' });
    expect(await auditOf(accepted.id)).toEqual([
      expect.objectContaining({
        action: 'booking.accept',
        reason: null,
        before: { status: 'requested', payment_status: 'authorised' },
        // in the accept's own transaction the money is still to be taken (decision 011)
        after: { status: 'requested', payment_status: 'capturing' },
      }),
    ]);

    const no = await asAdmin(`bookings/${declined.id}/decline`, { reason: 'Host is suspended' });
    expect(no.json().result).toMatchObject({ status: 'declined', payment_status: 'released' });
    expect(await auditOf(declined.id)).toEqual([
      expect.objectContaining({
        action: 'booking.decline',
        reason: 'Host is suspended',
        before: { status: 'requested', payment_status: 'authorised' },
        after: { status: 'declined', payment_status: 'released' },
      }),
    ]);
    // the console's log finds them by action too
    const log = await t.app.inject({ url: api('admin/audit?action=booking.'), headers: admin.headers });
    expect(log.json().result.map((e: Entry) => e.action)).toEqual(expect.arrayContaining(['booking.accept', 'booking.decline']));
  });

  it('the same actions by the host, or refused ones, write nothing', async () => {
    const listing = await publishedListing(t.app, { instant_book: false, capacity: 2 });
    const { booking } = await paidBooking(t.app, listing.id, window(60, 2));
    expect((await bookingCalls(t.app, listing.host.token).accept(booking.id)).json().result.status).toBe('confirmed');
    expect((await bookingCalls(t.app, listing.host.token).cancel(booking.id, { reason: 'Gate broken' })).json().result.status).toBe('cancelled');
    expect(await auditOf(booking.id)).toEqual([]);
    // refused (it is cancelled already): rolled back with the action, so nothing in the log either
    expect((await asAdmin(`bookings/${booking.id}/cancel`)).statusCode).toBe(409);
    expect((await asAdmin(`bookings/${booking.id}/accept`)).statusCode).toBe(409);
    expect(await auditOf(booking.id)).toEqual([]);
  });
});
