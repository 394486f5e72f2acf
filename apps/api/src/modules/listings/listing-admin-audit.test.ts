import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditEntry } from '@parkly/shared/admin-audit';
import { api, createTestApp, type TestContext } from '../../../test/helper';
import { createTestUser } from '../notifications/test-users';
import { completeListing, listingCalls, photoFixtures, publishedListing, signUpHost } from './testing';

let t: TestContext;
let admin: Awaited<ReturnType<typeof createTestUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t.db, { name: 'Asha Admin', email: 'asha.admin@example.com', role: 'admin' });
});
afterAll(() => t.close());

/** The console's audit log about one listing, oldest first. */
async function auditOf(listingId: string): Promise<AdminAuditEntry[]> {
  const res = await t.app.inject({ url: api(`admin/audit?subject=${listingId}`), headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().result as AdminAuditEntry[]).reverse();
}
const asAdmin = () => listingCalls(t.app, admin.token);
const ids = (res: { json: () => { result: { id: string }[] } }) => res.json().result.map((p) => p.id);
const soon = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** What every entry of these tests shares: the admin did it, to the listing, from the test's address. */
const byAdmin = (listingId: string, action: string, before: unknown, after: unknown) => ({
  action,
  actor: { id: admin.id, name: 'Asha Admin', email: 'asha.admin@example.com' },
  subject_type: 'listing',
  subject_id: listingId,
  before,
  after,
  reason: null,
  ip: '127.0.0.1',
});

describe('an admin changing a host listing through the ordinary routes', () => {
  it('is in the audit log for an update (only what changed), pause, resume and delete', async () => {
    const { id } = await publishedListing(t.app);
    const calls = asAdmin();
    const patched = await calls.patch(id, { title: 'Covered bay near Forum Mall, gate 2', hourly_rate: 6000, daily_rate: 40000, amenities: ['covered', 'cctv'] });
    expect(patched.statusCode, patched.body).toBe(200);
    // the same values again change nothing and write nothing; a refused change writes nothing either
    expect((await calls.patch(id, { hourly_rate: 6000 })).statusCode).toBe(200);
    expect((await calls.patch(id, { title: '' })).statusCode).toBe(400);
    expect((await calls.call('POST', `parkings/${id}/resume`)).statusCode).toBe(409);
    expect((await calls.call('POST', `parkings/${id}/pause`)).statusCode).toBe(200);
    expect((await calls.call('POST', `parkings/${id}/resume`)).statusCode).toBe(200);
    expect((await calls.remove(id)).statusCode).toBe(200);

    const entries = await auditOf(id);
    expect(entries).toHaveLength(4);
    expect(entries[0]).toMatchObject(
      byAdmin(
        id,
        'listing.update',
        { title: 'Covered basement spot near Forum Mall', hourly_rate: 5000, amenities: ['covered', 'cctv', 'security_guard'] },
        { title: 'Covered bay near Forum Mall, gate 2', hourly_rate: 6000, amenities: ['covered', 'cctv'] },
      ),
    );
    expect(entries[1]).toMatchObject(byAdmin(id, 'listing.pause', { status: 'active' }, { status: 'paused' }));
    expect(entries[2]).toMatchObject(byAdmin(id, 'listing.resume', { status: 'paused' }, { status: 'active' }));
    expect(entries[3]).toMatchObject(byAdmin(id, 'listing.delete', { status: 'active' }, { status: 'deleted' }));
  });

  it('is in the audit log for publishing a host draft', async () => {
    const host = await signUpHost(t.app);
    const own = listingCalls(t.app, host.token);
    const id: string = (await own.create(completeListing())).json().result.id;
    expect((await own.upload(id, await photoFixtures.jpeg())).statusCode).toBe(200);
    expect((await asAdmin().publish(id)).statusCode).toBe(200);
    // publishing a live listing changes nothing
    expect((await asAdmin().publish(id)).statusCode).toBe(200);
    const entries = await auditOf(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject(byAdmin(id, 'listing.publish', { status: 'draft' }, { status: 'active' }));
  });

  it('is in the audit log for photos: added, reordered, made the cover and removed', async () => {
    const { id, calls: own } = await publishedListing(t.app);
    const first: string = (await own.call('GET', `parkings/${id}/manage`)).json().result.photos[0].id;
    const calls = asAdmin();
    const added = await calls.upload(id, await photoFixtures.jpeg(640, 480, '#a33'));
    expect(added.statusCode, added.body).toBe(200);
    const second: string = added.json().result.id;
    const order = await calls.call('PUT', `parkings/${id}/photos/order`, { photo_ids: [second, first] });
    expect(ids(order)).toEqual([second, first]);
    expect((await calls.call('POST', `parkings/${id}/photos/${second}/cover`)).statusCode).toBe(200);
    // already the cover, already in this order: nothing to record
    expect((await calls.call('POST', `parkings/${id}/photos/${second}/cover`)).statusCode).toBe(200);
    expect((await calls.call('PUT', `parkings/${id}/photos/order`, { photo_ids: [second, first] })).statusCode).toBe(200);
    expect((await calls.call('DELETE', `parkings/${id}/photos/${first}`)).statusCode).toBe(200);

    expect(await auditOf(id)).toMatchObject([
      byAdmin(id, 'listing_photo.add', null, { photo_id: second, is_cover: false }),
      byAdmin(id, 'listing_photo.reorder', { photo_ids: [first, second] }, { photo_ids: [second, first] }),
      byAdmin(id, 'listing_photo.cover', { cover_photo_id: first }, { cover_photo_id: second }),
      byAdmin(id, 'listing_photo.delete', { photo_id: first, is_cover: false }, null),
    ]);
  });

  it('is in the audit log for spaces and blocked periods added and removed', async () => {
    const { id } = await publishedListing(t.app);
    const calls = asAdmin();
    const unit = await calls.call('POST', `parkings/${id}/units`, { label: 'EV bay B-3' });
    expect(unit.statusCode, unit.body).toBe(201);
    const unitId: string = unit.json().result.id;
    expect((await calls.call('DELETE', `parkings/${id}/units/${unitId}`)).statusCode).toBe(200);
    const period = { start: soon(48), end: soon(72), reason: 'Society painting the basement' };
    const blackout = await calls.call('POST', `parkings/${id}/blackouts`, period);
    expect(blackout.statusCode, blackout.body).toBe(201);
    const blackoutId: string = blackout.json().result.id;
    expect((await calls.call('DELETE', `parkings/${id}/blackouts/${blackoutId}`)).statusCode).toBe(200);

    const saved = { id: blackoutId, start: new Date(period.start).toISOString(), end: new Date(period.end).toISOString(), reason: period.reason };
    expect(await auditOf(id)).toMatchObject([
      byAdmin(id, 'listing_unit.add', { capacity: 2 }, { capacity: 3, unit: { id: unitId, label: 'EV bay B-3' } }),
      byAdmin(id, 'listing_unit.remove', { capacity: 3, unit: { id: unitId, label: 'EV bay B-3' } }, { capacity: 2 }),
      byAdmin(id, 'listing_blackout.add', null, saved),
      byAdmin(id, 'listing_blackout.remove', saved, null),
    ]);
    // the console finds them by action too
    const res = await t.app.inject({ url: api('admin/audit?action=listing_blackout.'), headers: admin.headers });
    expect((res.json().result as AdminAuditEntry[]).map((e) => e.subject_id)).toEqual([id, id]);
  });
});

describe('a host changing their own listing', () => {
  /** Every change the admin tests make, by whoever `calls` belongs to, on their own listing. */
  async function changeEverything(calls: ReturnType<typeof listingCalls>) {
    const id: string = (await calls.create(completeListing())).json().result.id;
    const photo = await calls.upload(id, await photoFixtures.jpeg());
    expect((await calls.publish(id)).statusCode).toBe(200);
    const second: string = (await calls.upload(id, await photoFixtures.jpeg(640, 480, '#a33'))).json().result.id;
    expect((await calls.call('PUT', `parkings/${id}/photos/order`, { photo_ids: [second, photo.json().result.id] })).statusCode).toBe(200);
    expect((await calls.call('POST', `parkings/${id}/photos/${second}/cover`)).statusCode).toBe(200);
    expect((await calls.call('DELETE', `parkings/${id}/photos/${second}`)).statusCode).toBe(200);
    expect((await calls.patch(id, { hourly_rate: 7000 })).statusCode).toBe(200);
    const unit: string = (await calls.call('POST', `parkings/${id}/units`, { label: 'Bay 9' })).json().result.id;
    expect((await calls.call('DELETE', `parkings/${id}/units/${unit}`)).statusCode).toBe(200);
    const blackout: string = (await calls.call('POST', `parkings/${id}/blackouts`, { start: soon(24), end: soon(30) })).json().result.id;
    expect((await calls.call('DELETE', `parkings/${id}/blackouts/${blackout}`)).statusCode).toBe(200);
    expect((await calls.call('POST', `parkings/${id}/pause`)).statusCode).toBe(200);
    expect((await calls.call('POST', `parkings/${id}/resume`)).statusCode).toBe(200);
    expect((await calls.remove(id)).statusCode).toBe(200);
    return id;
  }

  it('writes nothing to the audit log', async () => {
    const host = await signUpHost(t.app);
    expect(await auditOf(await changeEverything(listingCalls(t.app, host.token)))).toEqual([]);
  });

  it('writes nothing when the host is an admin too: their own listing is not an admin action', async () => {
    const hostAdmin = await createTestUser(t.db, { name: 'Admin Host', role: 'admin', host: true });
    expect(await auditOf(await changeEverything(listingCalls(t.app, hostAdmin.token)))).toEqual([]);
  });
});
