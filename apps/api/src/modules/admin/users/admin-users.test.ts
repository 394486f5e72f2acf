import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, createTestApp, type TestContext } from '../../../../test/helper';
import { completeListing, hoursFromNow, insertBooking, publishedListing } from '../../listings/testing';
import { createTestUser } from '../../notifications/test-users';

type TestUser = Awaited<ReturnType<typeof createTestUser>>;

describe('admin/users', () => {
  let t: TestContext;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createTestUser(t.db, { name: 'Ada Admin', role: 'admin' });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', path: string, payload?: object, headers = admin.headers) =>
    t.app.inject({ method, url: api(path), headers, ...(payload !== undefined && { payload }) });
  const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: api('login'), payload: { email, password } });
  const searchNear = async () => {
    const { lat, lng } = completeListing();
    const res = await t.app.inject({ url: api(`parkings/search?lat=${lat}&lng=${lng}&radius_km=2&limit=50`) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().result as { id: string }[]).map((r) => r.id);
  };
  const audit = async (query: string) => {
    const res = await call('GET', `admin/audit?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { result: { action: string; subject_id: string; reason: string | null; before: unknown; after: unknown; actor: { id: string } | null }[]; page: { total: number } };
  };

  describe('search', () => {
    it('finds accounts by part of the name, e-mail or phone, in any case, and filters by role and status', async () => {
      const tag = randomUUID().slice(0, 8);
      const priya = await createTestUser(t.db, { name: `Priya ${tag} Raman`, email: `priya.${tag}@Example.com`, host: true });
      await t.db.query(`UPDATE users SET phone = '+91 98450 12345' WHERE id = $1`, [priya.id]);
      const other = await createTestUser(t.db, { name: `Other ${tag}` });

      const find = async (query: string) => {
        const res = await call('GET', `admin/users?${query}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
        return res.json() as { result: { id: string; name: string; email: string; phone: string | null; role: string; host: boolean; suspended_at: string | null; id_verification_status: string; created_at: string }[]; page: { page: number; page_size: number; total: number } };
      };

      const byName = await find(`q=${encodeURIComponent(`PRIYA ${tag}`)}`);
      expect(byName.result.map((u) => u.id)).toEqual([priya.id]);
      expect(byName.result[0]).toEqual({
        id: priya.id,
        name: `Priya ${tag} Raman`,
        email: `priya.${tag}@Example.com`,
        phone: '+91 98450 12345',
        role: 'user',
        host: true,
        id_verification_status: 'none',
        suspended_at: null,
        created_at: expect.any(String),
      });
      expect(byName.page).toEqual({ page: 1, page_size: 25, total: 1 });
      expect((await find(`q=${tag}@example`)).result.map((u) => u.id)).toEqual([priya.id]);
      expect((await find(`q=${tag}`)).result.map((u) => u.id).sort()).toEqual([priya.id, other.id].sort());
      expect((await find('q=9845012345')).result.map((u) => u.id)).toContain(priya.id);
      expect((await find('q=98450%2012')).result.map((u) => u.id)).toContain(priya.id);
      // a wildcard typed in the box is a letter
      expect((await find(`q=${tag}%25`)).result).toEqual([]);

      expect((await find(`q=${tag}&role=admin`)).result).toEqual([]);
      expect((await find('role=admin')).result.map((u) => u.id)).toContain(admin.id);
      expect((await find(`q=${tag}&status=active&role=`)).page.total).toBe(2);
      expect((await find(`q=${tag}&status=suspended`)).page.total).toBe(0);
    });

    it('pages the list and refuses bad filters with field errors', async () => {
      const far = await call('GET', 'admin/users?page=9999');
      expect(far.statusCode).toBe(200);
      expect(far.json().result).toEqual([]);
      const bad = await call('GET', 'admin/users?role=owner&page=0');
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['role', 'page']));
      expect((await call('GET', `admin/users?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
    });
  });

  describe('detail', () => {
    it("shows the profile, listings, bookings as a guest, live sessions (never a token hash) and the ID", async () => {
      const { id: listingId, host } = await publishedListing(t.app, { title: 'Detail spot' });
      const guest = await createTestUser(t.db, { name: 'Detail Guest' });
      const bookingId = await insertBooking(t.db, { listingId, guestId: guest.id, start: hoursFromNow(48), end: hoursFromNow(50) });
      await t.db.query(`UPDATE sessions SET user_agent = 'Firefox on Linux', ip = '203.0.113.9' WHERE user_id = $1`, [guest.id]);
      await t.db.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [host.user.id]);
      await t.db.query(
        `INSERT INTO government_ids (user_id, storage_key, original_name, mime_type, size_bytes) VALUES ($1, 'ids/x.pdf', 'passport.pdf', 'application/pdf', 10)`,
        [guest.id],
      );

      const g = await call('GET', `admin/users/${guest.id}`);
      expect(g.statusCode, g.body).toBe(200);
      const detail = g.json().result;
      expect(detail).toMatchObject({ id: guest.id, name: 'Detail Guest', role: 'user', host: false, suspended_at: null, suspension_reason: null, listings: [], listings_total: 0, bookings_total: 1 });
      expect(detail.government_id).toEqual({ status: 'pending', original_name: 'passport.pdf', uploaded_at: expect.any(String), reviewed_at: null });
      expect(detail.bookings).toEqual([
        expect.objectContaining({ id: bookingId, listing_id: listingId, listing_title: 'Detail spot', status: 'confirmed', total: 10500, currency: 'INR' }),
      ]);
      expect(detail.sessions).toEqual([{ id: expect.any(String), created_at: expect.any(String), last_seen_at: expect.any(String), user_agent: 'Firefox on Linux', ip: '203.0.113.9' }]);
      expect(g.body).not.toContain('token');
      expect(g.body).not.toContain(guest.token);

      const h = (await call('GET', `admin/users/${host.user.id}`)).json().result;
      expect(h.host).toBe(true);
      expect(h.listings).toEqual([expect.objectContaining({ id: listingId, title: 'Detail spot', status: 'active', suspended_with_account: false })]);
      expect(h.sessions).toEqual([]);
    });

    it('answers 404 for an unknown id and 400 for one that is not an id', async () => {
      const unknown = await call('GET', `admin/users/${randomUUID()}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect((await call('GET', 'admin/users/not-a-uuid')).statusCode).toBe(400);
      for (const action of ['suspend', 'reinstate', 'role']) {
        const res = await call('POST', `admin/users/${randomUUID()}/${action}`, action === 'suspend' ? { reason: 'x' } : action === 'role' ? { role: 'user' } : undefined);
        expect(res.statusCode, action).toBe(404);
      }
    });
  });

  describe('suspend and reinstate', () => {
    it('a suspended host cannot log in, their token stops working and their listings leave search; reinstating undoes it all', async () => {
      const { id: listingId, host } = await publishedListing(t.app, { title: 'Suspended host spot' });
      expect(await searchNear()).toContain(listingId);
      expect((await login(host.user.email, host.password)).statusCode).toBe(200);

      const reason = 'Repeated reports of a fake address';
      const res = await call('POST', `admin/users/${host.user.id}/suspend`, { reason });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result).toMatchObject({ id: host.user.id, suspended_at: expect.any(String), suspension_reason: reason, sessions: [] });
      expect(res.json().result.listings).toEqual([expect.objectContaining({ id: listingId, status: 'suspended', suspended_with_account: true })]);

      const refused = await login(host.user.email, host.password);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'ACCOUNT_SUSPENDED', message: 'This account is suspended. Contact support.' });
      // the wrong password still gets the plain answer: suspension is told only to who knows the password
      expect((await login(host.user.email, 'not the password')).json().code).toBe('INVALID_CREDENTIALS');
      const old = await t.app.inject({ url: api('get_profile'), headers: bearer(host.token) });
      expect(old.statusCode).toBe(401);
      expect(old.json().message).toBe('Unauthenticated User');
      expect(await searchNear()).not.toContain(listingId);
      expect((await t.app.inject({ url: api(`parkings/${listingId}`) })).statusCode).toBe(404);

      expect((await call('POST', `admin/users/${host.user.id}/suspend`, { reason })).statusCode).toBe(409);
      expect((await call('GET', `admin/users?status=suspended`)).json().result.map((u: { id: string }) => u.id)).toContain(host.user.id);

      const back = await call('POST', `admin/users/${host.user.id}/reinstate`);
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json().result).toMatchObject({ suspended_at: null, suspension_reason: null });
      expect(back.json().result.listings).toEqual([expect.objectContaining({ id: listingId, status: 'active', suspended_with_account: false })]);
      expect((await login(host.user.email, host.password)).statusCode).toBe(200);
      expect(await searchNear()).toContain(listingId);
      expect((await call('POST', `admin/users/${host.user.id}/reinstate`)).statusCode).toBe(409);
      // told both times by e-mail, with the reason and where to turn
      const mails = await t.db.query<{ subject: string; body_text: string }>(`SELECT subject, body_text FROM email_outbox WHERE to_address = $1 AND subject LIKE 'Your Parkly account%' ORDER BY subject DESC`, [host.user.email]);
      expect(mails.map((m) => m.subject)).toEqual(['Your Parkly account is suspended', 'Your Parkly account is active again']);
      expect(mails[0]!.body_text).toContain(`Reason: ${reason}`);
      expect(mails[0]!.body_text).toContain('/contact');

      const entries = await audit(`subject=${host.user.id}`);
      expect(entries.result.map((e) => e.action)).toEqual(['user.reinstate', 'user.suspend']);
      const suspended = entries.result[1]!;
      expect(suspended).toMatchObject({ reason, actor: { id: admin.id }, before: { suspended_at: null, role: 'user' } });
      expect(suspended.after).toMatchObject({ suspension_reason: reason, listings_taken_down: [{ id: listingId, status_before: 'active' }] });
      expect(entries.result[0]!.after).toMatchObject({ suspended_at: null, listings_restored: [{ id: listingId, status: 'active' }] });
    });

    it('brings back each listing to the status it had, and leaves alone those not taken down with the account', async () => {
      const { id: activeId, host } = await publishedListing(t.app, { title: 'Was active' });
      const { id: pausedId } = await publishedListing(t.app, { title: 'Other host' });
      // move the second listing to this host and pause it; add a draft and one suspended on its own
      await t.db.query(`UPDATE listings SET host_id = $1, status = 'paused' WHERE id = $2`, [host.user.id, pausedId]);
      const [draft] = await t.db.query<{ id: string }>(`INSERT INTO listings (host_id, title) VALUES ($1, 'Draft') RETURNING id`, [host.user.id]);
      const [alone] = await t.db.query<{ id: string }>(
        `INSERT INTO listings (host_id, title, status, status_before_suspension) VALUES ($1, 'Suspended alone', 'suspended', 'active') RETURNING id`,
        [host.user.id],
      );
      const statuses = async () =>
        Object.fromEntries(
          (await t.db.query<{ id: string; status: string }>(`SELECT id, status FROM listings WHERE host_id = $1`, [host.user.id])).map((r) => [r.id, r.status]),
        );

      expect((await call('POST', `admin/users/${host.user.id}/suspend`, { reason: 'Checking' })).statusCode).toBe(200);
      expect(await statuses()).toEqual({ [activeId]: 'suspended', [pausedId]: 'suspended', [draft!.id]: 'draft', [alone!.id]: 'suspended' });
      expect((await call('POST', `admin/users/${host.user.id}/reinstate`)).statusCode).toBe(200);
      expect(await statuses()).toEqual({ [activeId]: 'active', [pausedId]: 'paused', [draft!.id]: 'draft', [alone!.id]: 'suspended' });
    });

    it('asks for a reason of at most 1000 characters', async () => {
      const user = await createTestUser(t.db);
      for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(1001) }]) {
        const res = await call('POST', `admin/users/${user.id}/suspend`, body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
        expect(res.json().errors).toHaveProperty('reason');
      }
      expect((await call('GET', `admin/users/${user.id}`)).json().result.suspended_at).toBeNull();
      expect((await call('POST', `admin/users/${user.id}/suspend`, { reason: 'x'.repeat(1000) })).statusCode).toBe(200);
    });

    it('an admin cannot suspend themselves', async () => {
      const res = await call('POST', `admin/users/${admin.id}/suspend`, { reason: 'Testing' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', message: 'You cannot suspend your own account.' });
      expect((await call('GET', 'admin/dashboard')).statusCode).toBe(200);
    });

    it('a suspended admin loses the console at once', async () => {
      const other = await createTestUser(t.db, { name: 'Other Admin', role: 'admin' });
      expect((await call('GET', 'admin/dashboard', undefined, other.headers)).statusCode).toBe(200);
      expect((await call('POST', `admin/users/${other.id}/suspend`, { reason: 'Left the company' })).statusCode).toBe(200);
      expect((await call('GET', 'admin/dashboard', undefined, other.headers)).statusCode).toBe(401);
      expect((await call('POST', `admin/users/${other.id}/reinstate`)).statusCode).toBe(200);
    });

    it('a session a race let through is not accepted while the account is suspended', async () => {
      const user = await createTestUser(t.db);
      await t.db.query(`UPDATE users SET suspended_at = now(), suspension_reason = 'x' WHERE id = $1`, [user.id]);
      expect((await t.app.inject({ url: api('get_profile'), headers: user.headers })).statusCode).toBe(401);
    });

    it('non-admins are refused', async () => {
      const user = await createTestUser(t.db, { host: true });
      const target = await createTestUser(t.db);
      for (const [method, path, body] of [
        ['GET', 'admin/users', undefined],
        ['GET', `admin/users/${target.id}`, undefined],
        ['POST', `admin/users/${target.id}/suspend`, { reason: 'x' }],
        ['POST', `admin/users/${target.id}/reinstate`, undefined],
        ['POST', `admin/users/${target.id}/role`, { role: 'admin' }],
      ] as const) {
        expect((await call(method, path, body, user.headers)).statusCode, `${method} ${path}`).toBe(403);
      }
      expect((await call('GET', `admin/users/${target.id}`)).json().result.role).toBe('user');
    });
  });

  describe('roles', () => {
    it('makes an admin and takes it back, audited; the last admin cannot be removed', async () => {
      // from here on `admin` is the only admin, so who is the last one is known
      await t.db.query(`UPDATE users SET role = 'user' WHERE role = 'admin' AND id <> $1`, [admin.id]);
      const only = admin;
      const user = await createTestUser(t.db, { name: 'Soon Admin' });
      const as = (who: TestUser) => (method: 'GET' | 'POST', path: string, payload?: object) => call(method, path, payload, who.headers);

      const last = await as(only)('POST', `admin/users/${only.id}/role`, { role: 'user' });
      expect(last.statusCode).toBe(409);
      expect(last.json().message).toMatch(/last admin/);

      const promoted = await as(only)('POST', `admin/users/${user.id}/role`, { role: 'admin' });
      expect(promoted.statusCode, promoted.body).toBe(200);
      expect(promoted.json().result.role).toBe('admin');
      expect((await as(user)('GET', 'admin/dashboard')).statusCode).toBe(200);
      // nothing changes, nothing is written
      expect((await as(only)('POST', `admin/users/${user.id}/role`, { role: 'admin' })).statusCode).toBe(200);

      // with two admins, one may step down; then the other is the last again
      expect((await as(user)('POST', `admin/users/${only.id}/role`, { role: 'user' })).statusCode).toBe(200);
      expect((await as(only)('GET', 'admin/dashboard')).statusCode).toBe(403);
      expect((await as(user)('POST', `admin/users/${user.id}/role`, { role: 'user' })).statusCode).toBe(409);

      // a suspended admin does not count: the one left cannot go
      expect((await as(user)('POST', `admin/users/${only.id}/role`, { role: 'admin' })).statusCode).toBe(200);
      expect((await as(user)('POST', `admin/users/${only.id}/suspend`, { reason: 'Away' })).statusCode).toBe(200);
      expect((await as(user)('POST', `admin/users/${user.id}/role`, { role: 'user' })).statusCode).toBe(409);
      expect((await as(user)('POST', `admin/users/${only.id}/role`, { role: 'user' })).statusCode).toBe(200);

      const bad = await as(user)('POST', `admin/users/${only.id}/role`, { role: 'owner' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toHaveProperty('role');

      const log = await as(user)('GET', `admin/audit?action=user.role&subject=${only.id}`);
      expect(log.json().result.map((e: { before: { role: string }; after: { role: string } }) => `${e.before.role}->${e.after.role}`)).toEqual([
        'admin->user',
        'user->admin',
        'admin->user',
      ]);
      expect((await as(user)('GET', `admin/audit?action=user.role&subject=${user.id}`)).json().page.total).toBe(1);
    });
  });
});
