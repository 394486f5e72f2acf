import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, createTestApp, signUp, type TestContext } from '../../../../test/helper';
import { completeListing, listingCalls, publishedListing, signUpHost } from '../../listings/testing';
import { createTestUser } from '../../notifications/test-users';

let t: TestContext;
let admin: Awaited<ReturnType<typeof createTestUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t.db, { name: 'Admin', role: 'admin' });
});
afterAll(() => t.close());

const asAdmin = (method: 'GET' | 'POST', path: string, payload?: object) => t.app.inject({ method, url: api(path), headers: admin.headers, ...(payload && { payload }) });
const report = (token: string, id: string, payload: object = { reason: 'The photos show a different place' }) =>
  t.app.inject({ method: 'POST', url: api(`parkings/${id}/report`), headers: bearer(token), payload });
const publicGet = (id: string) => t.app.inject({ url: api(`parkings/${id}`) });
/** The ids GET parkings/search finds around the test listings' spot in Koramangala. */
const searchIds = async () => {
  const res = await t.app.inject({ url: api('parkings/search?lat=12.9346&lng=77.6249&radius_km=2&limit=50') });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().result as { id: string }[]).map((r) => r.id);
};
const noticesOf = (userId: string) => t.db.query<{ title: string; description: string }>(`SELECT title, description FROM notifications WHERE user_id = $1 ORDER BY created_at`, [userId]);

describe('GET admin/listings', () => {
  it('finds listings by title, locality and host e-mail, and filters by status and open reports', async () => {
    const { id, host } = await publishedListing(t.app, { title: 'Zebra crossing bay 77' });
    const other = await publishedListing(t.app, { title: 'Quiet lane spot', address: { ...completeListing().address, locality: 'Jayanagar Ninth Block' } });

    const byTitle = (await asAdmin('GET', 'admin/listings?q=zebra%20crossing')).json();
    expect(byTitle.result.map((l: { id: string }) => l.id)).toEqual([id]);
    expect(byTitle.result[0]).toMatchObject({ id, title: 'Zebra crossing bay 77', status: 'active', host: { id: host.user.id, email: host.user.email }, open_reports: 0, locality: 'Koramangala' });
    expect(byTitle.page).toEqual({ page: 1, page_size: 25, total: 1 });
    expect((await asAdmin('GET', 'admin/listings?q=ninth%20block')).json().result.map((l: { id: string }) => l.id)).toEqual([other.id]);
    expect((await asAdmin('GET', `admin/listings?q=${encodeURIComponent(host.user.email)}`)).json().result.map((l: { id: string }) => l.id)).toEqual([id]);
    // LIKE characters are taken literally
    expect((await asAdmin('GET', 'admin/listings?q=%25%25%25')).json().result).toEqual([]);

    const guest = await signUp(t.app);
    expect((await report(guest.token, other.id)).statusCode).toBe(201);
    const reported = (await asAdmin('GET', 'admin/listings?reported=1')).json().result;
    expect(reported.map((l: { id: string }) => l.id)).toContain(other.id);
    expect(reported.map((l: { id: string }) => l.id)).not.toContain(id);
    expect(reported.find((l: { id: string }) => l.id === other.id).open_reports).toBe(1);
    const active = (await asAdmin('GET', 'admin/listings?status=active')).json().result;
    expect(active.every((l: { status: string }) => l.status === 'active')).toBe(true);
  });

  it('answers 400 for bad filters and 403 to a non-admin', async () => {
    expect((await asAdmin('GET', 'admin/listings?status=nope')).json().errors).toHaveProperty('status');
    expect((await asAdmin('GET', 'admin/listings?reported=yes')).statusCode).toBe(400);
    expect((await asAdmin('GET', 'admin/listings?page=0')).statusCode).toBe(400);
    const host = await createTestUser(t.db, { host: true });
    expect((await t.app.inject({ url: api('admin/listings'), headers: host.headers })).statusCode).toBe(403);
  });
});

describe('POST admin/listings/:id/suspend and /reinstate', () => {
  it('suspends: gone from search and from the public page at once, the host is told and sees the reason; reinstating brings it back', async () => {
    const { id, host, calls } = await publishedListing(t.app, { title: 'Suspicious spot' });
    expect(await searchIds()).toContain(id);

    const res = await asAdmin('POST', `admin/listings/${id}/suspend`, { reason: 'The photos are of another building' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ id, status: 'suspended', status_before_suspension: 'active', moderation_reason: 'The photos are of another building' });

    expect(await searchIds()).not.toContain(id);
    expect((await publicGet(id)).statusCode).toBe(404);
    const managed = (await calls.manage(id)).json().result;
    expect(managed).toMatchObject({ status: 'suspended', moderation_reason: 'The photos are of another building' });
    expect((await calls.publish(id)).statusCode).toBe(409);
    expect(await noticesOf(host.user.id)).toContainEqual({ title: 'Your listing was taken down', description: 'Parkly has taken "Suspicious spot" down: The photos are of another building' });
    const [mail] = await t.db.query<{ subject: string; body_text: string }>(`SELECT subject, body_text FROM email_outbox WHERE to_address = $1 AND subject LIKE '%taken down%'`, [host.user.email]);
    expect(mail!.body_text).toContain('The photos are of another building');
    const audit = await t.db.query<{ details: Record<string, unknown> }>(`SELECT details FROM audit_log WHERE action = 'listing.suspend' AND subject_id = $1`, [id]);
    expect(audit[0]!.details).toMatchObject({ before: { status: 'active' }, after: { status: 'suspended' }, reason: 'The photos are of another building' });

    expect((await asAdmin('POST', `admin/listings/${id}/suspend`, { reason: 'again' })).statusCode).toBe(409);

    const back = await asAdmin('POST', `admin/listings/${id}/reinstate`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().result).toMatchObject({ status: 'active', status_before_suspension: null, moderation_reason: null });
    expect(await searchIds()).toContain(id);
    expect((await publicGet(id)).statusCode).toBe(200);
    expect((await calls.manage(id)).json().result.moderation_reason).toBeNull();
    expect(await noticesOf(host.user.id)).toContainEqual(expect.objectContaining({ title: 'Your listing is back' }));
    expect((await asAdmin('POST', `admin/listings/${id}/reinstate`)).statusCode).toBe(409);
  });

  it('puts a paused listing back to paused, and will not bring back a listing whose host account is suspended', async () => {
    const { id, calls, host } = await publishedListing(t.app);
    expect((await calls.call('POST', `parkings/${id}/pause`)).statusCode).toBe(200);
    expect((await asAdmin('POST', `admin/listings/${id}/suspend`, { reason: 'Check' })).statusCode).toBe(200);
    expect((await asAdmin('POST', `admin/listings/${id}/reinstate`)).json().result.status).toBe('paused');

    expect((await asAdmin('POST', `admin/listings/${id}/suspend`, { reason: 'Check' })).statusCode).toBe(200);
    await t.db.query(`UPDATE users SET suspended_at = now() WHERE id = $1`, [host.user.id]);
    const res = await asAdmin('POST', `admin/listings/${id}/reinstate`);
    expect(res.statusCode).toBe(409);
  });

  it('needs a reason under 1,000 characters; unknown ids are 404; a host cannot call it', async () => {
    const { id, host } = await publishedListing(t.app);
    for (const body of [{}, { reason: '' }, { reason: 'x'.repeat(1001) }]) {
      const res = await asAdmin('POST', `admin/listings/${id}/suspend`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('reason');
    }
    expect((await asAdmin('POST', 'admin/listings/00000000-0000-4000-8000-000000000000/suspend', { reason: 'x' })).statusCode).toBe(404);
    expect((await asAdmin('POST', 'admin/listings/nope/reinstate')).statusCode).toBe(404);
    expect((await asAdmin('GET', 'admin/listings/nope')).statusCode).toBe(404);
    const own = await t.app.inject({ method: 'POST', url: api(`admin/listings/${id}/suspend`), headers: bearer(host.token), payload: { reason: 'x' } });
    expect(own.statusCode).toBe(403);
    expect((await publicGet(id)).statusCode).toBe(200);
  });
});

describe('POST admin/listings/:id/approve and /reject', () => {
  async function inReview() {
    const host = await signUpHost(t.app);
    const calls = listingCalls(t.app, host.token);
    const id: string = (await calls.create(completeListing({ title: 'Waiting for review' }))).json().result.id;
    await t.db.query(`UPDATE listings SET status = 'pending_review' WHERE id = $1`, [id]);
    return { id, host, calls };
  }

  it('approves a listing in review: live and in search, the host is told', async () => {
    const { id, host } = await inReview();
    await t.db.query(`UPDATE listings SET lat = 12.9346, lng = 77.6249 WHERE id = $1`, [id]);
    const res = await asAdmin('POST', `admin/listings/${id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'active', published_at: expect.any(String) });
    expect(await noticesOf(host.user.id)).toContainEqual(expect.objectContaining({ title: 'Your listing is approved' }));
    expect((await asAdmin('POST', `admin/listings/${id}/approve`)).statusCode).toBe(200);
    expect((await asAdmin('POST', `admin/listings/${id}/reject`, { reason: 'x' })).statusCode).toBe(409);
  });

  it('rejects with a reason the host reads on their listing', async () => {
    const { id, calls } = await inReview();
    expect((await asAdmin('POST', `admin/listings/${id}/reject`, {})).statusCode).toBe(400);
    const res = await asAdmin('POST', `admin/listings/${id}/reject`, { reason: 'Add a photo of the entrance' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await calls.manage(id)).json().result).toMatchObject({ status: 'rejected', moderation_reason: 'Add a photo of the entrance' });
  });
});

describe('listing reports', () => {
  it('a signed-in visitor reports once; the admin sees it on the listing and resolves it', async () => {
    const { id, host } = await publishedListing(t.app);
    const guest = await signUp(t.app, { name: 'Reporter Rao' });
    const first = await report(guest.token, id, { reason: '  Asks for payment outside Parkly  ' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await report(guest.token, id, { reason: 'Again' });
    expect(again.statusCode).toBe(200);
    expect(again.json().result.id).toBe(first.json().result.id);

    const detail = (await asAdmin('GET', `admin/listings/${id}`)).json().result;
    expect(detail.open_reports).toBe(1);
    expect(detail.reports).toEqual([
      { id: first.json().result.id, reason: 'Asks for payment outside Parkly', status: 'open', reporter: { id: guest.user.id, name: 'Reporter Rao', email: guest.user.email }, created_at: expect.any(String), resolved_at: null },
    ]);
    expect(detail.host).toMatchObject({ id: host.user.id, id_verification_status: 'none', suspended: false });
    expect(detail.photos).toHaveLength(1);
    expect(detail.address.line1).toBeTruthy();

    const resolved = await asAdmin('POST', `admin/listing-reports/${first.json().result.id}/resolve`);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().result).toMatchObject({ status: 'resolved', resolved_at: expect.any(String) });
    expect((await asAdmin('POST', `admin/listing-reports/${first.json().result.id}/resolve`)).statusCode).toBe(200);
    expect((await asAdmin('GET', `admin/listings/${id}`)).json().result.reports).toEqual([]);
    // once resolved, the same person may report again
    expect((await report(guest.token, id)).statusCode).toBe(201);
  });

  it('refuses guests without a session, bad reasons, own listings and listings the public cannot see', async () => {
    const { id, host } = await publishedListing(t.app);
    expect((await t.app.inject({ method: 'POST', url: api(`parkings/${id}/report`), payload: { reason: 'x' } })).statusCode).toBe(401);
    const guest = await signUp(t.app);
    for (const body of [{}, { reason: ' ' }, { reason: 'x'.repeat(1001) }]) {
      const res = await report(guest.token, id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('reason');
    }
    expect((await report(host.token, id)).statusCode).toBe(409);
    expect((await report(guest.token, 'not-a-uuid')).statusCode).toBe(404);
    expect((await report(guest.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await asAdmin('POST', `admin/listings/${id}/suspend`, { reason: 'Down' })).statusCode).toBe(200);
    expect((await report(guest.token, id)).statusCode).toBe(404);
    expect((await asAdmin('POST', 'admin/listing-reports/nope/resolve')).statusCode).toBe(404);
    expect((await asAdmin('POST', 'admin/listing-reports/00000000-0000-4000-8000-000000000000/resolve')).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'POST', url: api('admin/listing-reports/00000000-0000-4000-8000-000000000000/resolve'), headers: bearer(guest.token) });
    expect(res.statusCode).toBe(403);
  });
});
