import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@parkly/shared/constants';
import { api, createTestApp, type TestContext } from '../../../test/helper';
import { notifyUser } from '../notifications/notifications.service';
import { createTestUser } from '../notifications/test-users';
import { encodePayload, getPushSender, MAX_SUBSCRIPTIONS_PER_USER, PUSH_PAYLOAD_MAX_BYTES, sendPush, setPushSender, type PushSender, type PushTransport } from './push.service';
import { browserSubscription } from './testing';
import { VAPID_FILE, vapidDetails } from './vapid-keys';

type TestUser = Awaited<ReturnType<typeof createTestUser>>;


describe('push', () => {
  let t: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createTestUser(t.db);
  });
  afterAll(() => t.close());

  const saveToken = (device_token: unknown, headers: Record<string, string> = user.headers) =>
    t.app.inject({ method: 'POST', url: api('device-token'), headers, payload: { device_token } as object });
  const subscriptions = (userId: string) =>
    t.db.query<{ endpoint: string; p256dh: string; auth: string }>(`SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = $1`, [userId]);

  describe('GET push/public-key', () => {
    it('is public, generates the keys once and keeps them in the data folder', async () => {
      expect(existsSync(join(t.dataDir, VAPID_FILE))).toBe(false);
      const res = await t.app.inject({ url: api('push/public-key') });
      expect(res.statusCode).toBe(200);
      const key = res.json().result.public_key as string;
      expect(key).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
      const file = JSON.parse(readFileSync(join(t.dataDir, VAPID_FILE), 'utf8'));
      expect(file.publicKey).toBe(key);
      expect((await t.app.inject({ url: api('push/public-key') })).json().result.public_key).toBe(key);
    });

    it('reuses an existing key file, and prefers keys from the configuration', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'parkly-vapid-'));
      try {
        writeFileSync(join(dir, VAPID_FILE), JSON.stringify({ publicKey: 'B'.repeat(87), privateKey: 'p'.repeat(43) }));
        const fromFile = await vapidDetails({ dataDir: dir, SUPPORT_EMAIL: 'support@parkly.in' });
        expect(fromFile).toEqual({ subject: 'mailto:support@parkly.in', publicKey: 'B'.repeat(87), privateKey: 'p'.repeat(43) });
        const fromEnv = await vapidDetails({
          dataDir: dir,
          SUPPORT_EMAIL: 'support@parkly.in',
          VAPID_PUBLIC_KEY: 'C'.repeat(87),
          VAPID_PRIVATE_KEY: 'q'.repeat(43),
          VAPID_SUBJECT: 'https://parkly.in',
        });
        expect(fromEnv).toEqual({ subject: 'https://parkly.in', publicKey: 'C'.repeat(87), privateKey: 'q'.repeat(43) });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('POST device-token', () => {
    it('needs a token', async () => {
      const res = await saveToken(JSON.stringify(browserSubscription()), {});
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MESSAGES.unauthenticated);
    });

    it("accepts the spec's 'currentToken' fallback and stores nothing", async () => {
      const res = await saveToken('currentToken');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveProperty('message');
      expect(await subscriptions(user.id)).toHaveLength(0);
    });

    it('stores a subscription and updates it when the same browser sends it again', async () => {
      const sub = browserSubscription();
      const res = await saveToken(JSON.stringify(sub));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Device token saved' });
      expect(await subscriptions(user.id)).toEqual([{ endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth }]);

      const renewed = { ...browserSubscription(sub.endpoint) };
      expect((await saveToken(JSON.stringify(renewed))).statusCode).toBe(200);
      expect(await subscriptions(user.id)).toEqual([{ endpoint: sub.endpoint, p256dh: renewed.keys.p256dh, auth: renewed.keys.auth }]);
    });

    it('binds the subscription to the session that saved it', async () => {
      const me = await createTestUser(t.db);
      const sub = browserSubscription();
      await saveToken(JSON.stringify(sub), me.headers);
      const [row] = await t.db.query<{ same: boolean }>(
        `SELECT p.session_id = s.id AS same FROM push_subscriptions p JOIN sessions s ON s.user_id = p.user_id WHERE p.endpoint = $1`,
        [sub.endpoint],
      );
      expect(row).toEqual({ same: true });
    });

    it('moves a subscription to whoever signs in on that browser next', async () => {
      const other = await createTestUser(t.db);
      const sub = browserSubscription();
      await saveToken(JSON.stringify(sub));
      await saveToken(JSON.stringify(sub), other.headers);
      expect((await subscriptions(other.id)).map((s) => s.endpoint)).toEqual([sub.endpoint]);
      expect((await subscriptions(user.id)).map((s) => s.endpoint)).not.toContain(sub.endpoint);
    });

    it(`keeps at most ${MAX_SUBSCRIPTIONS_PER_USER} subscriptions per user`, async () => {
      const busy = await createTestUser(t.db);
      for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_USER + 3; i++) await saveToken(JSON.stringify(browserSubscription()), busy.headers);
      expect(await subscriptions(busy.id)).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
    });

    it('refuses anything that is not a usable push subscription with errors.device_token', async () => {
      const good = browserSubscription();
      const junk: unknown[] = [
        'abc',
        '{"endpoint":',
        JSON.stringify({ endpoint: good.endpoint }),
        JSON.stringify({ ...good, endpoint: 'http://fcm.googleapis.com/fcm/send/x' }),
        JSON.stringify({ ...good, endpoint: 'https://localhost/push' }),
        JSON.stringify({ ...good, endpoint: 'https://169.254.169.254/latest' }),
        JSON.stringify({ ...good, endpoint: 'https://user:pw@push.example.com/x' }),
        JSON.stringify({ ...good, endpoint: "https://push.example.com/'; DROP TABLE push_subscriptions; --" }),
        JSON.stringify({ ...good, endpoint: "javascript:alert('x')" }),
        JSON.stringify({ ...good, keys: { p256dh: 'short', auth: good.keys.auth } }),
        JSON.stringify({ ...good, keys: { p256dh: good.keys.p256dh, auth: '<script>alert(1)</script>' } }),
        JSON.stringify([1, 2, 3]),
        'null',
        '42',
      ];
      for (const token of junk) {
        const res = await saveToken(token);
        expect(res.statusCode, String(token).slice(0, 60)).toBe(400);
        expect(res.json().errors).toHaveProperty('device_token');
      }
      for (const token of ['', '   ', 42, null, 'x'.repeat(10_000), { endpoint: good.endpoint }]) {
        const res = await saveToken(token);
        expect(res.statusCode, String(token).slice(0, 60)).toBe(400);
        expect(res.json().errors).toHaveProperty('device_token');
      }
      const noBody = await t.app.inject({ method: 'POST', url: api('device-token'), headers: { ...user.headers, 'content-type': 'application/json' }, payload: '{' });
      expect(noBody.statusCode).toBe(400);
    });
  });

  describe('DELETE device-token', () => {
    const removeToken = (device_token: unknown, headers: Record<string, string> = user.headers) =>
      t.app.inject({ method: 'DELETE', url: api('device-token'), headers, payload: { device_token } as object });
    const endpointsOf = async (userId: string) => (await subscriptions(userId)).map((s) => s.endpoint).sort();

    it('needs a token', async () => {
      const res = await removeToken(JSON.stringify(browserSubscription()), {});
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MESSAGES.unauthenticated);
    });

    it('removes the subscription given as it was posted, or by its endpoint, and keeps the others', async () => {
      const me = await createTestUser(t.db);
      const [a, b, c] = [browserSubscription(), browserSubscription(), browserSubscription()];
      for (const s of [a, b, c]) await saveToken(JSON.stringify(s), me.headers);

      const byJson = await removeToken(JSON.stringify(a), me.headers);
      expect(byJson.statusCode).toBe(200);
      expect(byJson.json()).toEqual({ message: 'Device token removed' });
      expect(await endpointsOf(me.id)).toEqual([b.endpoint, c.endpoint].sort());

      expect((await removeToken(b.endpoint, me.headers)).json()).toEqual({ message: 'Device token removed' });
      expect(await endpointsOf(me.id)).toEqual([c.endpoint]);
    });

    it('answers the same when the subscription is not there (again, never saved, or the fallback)', async () => {
      const me = await createTestUser(t.db);
      const sub = browserSubscription();
      await saveToken(JSON.stringify(sub), me.headers);
      for (const token of [sub.endpoint, sub.endpoint, JSON.stringify(browserSubscription()), 'currentToken']) {
        const res = await removeToken(token, me.headers);
        expect(res.statusCode, token).toBe(200);
        expect(res.json()).toEqual({ message: 'Device token removed' });
      }
      expect(await subscriptions(me.id)).toHaveLength(0);
    });

    it("never removes another user's subscription", async () => {
      const owner = await createTestUser(t.db);
      const other = await createTestUser(t.db);
      const sub = browserSubscription();
      await saveToken(JSON.stringify(sub), owner.headers);
      for (const token of [JSON.stringify(sub), sub.endpoint]) {
        const res = await removeToken(token, other.headers);
        expect(res.statusCode).toBe(200);
      }
      expect(await endpointsOf(owner.id)).toEqual([sub.endpoint]);
    });

    it('refuses what is neither a subscription nor an endpoint with errors.device_token', async () => {
      for (const token of ['abc', '{"endpoint":', '{"endpoint":42}', '{}', 'http://fcm.googleapis.com/x', '', 42, null, 'x'.repeat(5000)]) {
        const res = await removeToken(token);
        expect(res.statusCode, String(token).slice(0, 40)).toBe(400);
        expect(res.json().errors, String(token).slice(0, 40)).toHaveProperty('device_token');
      }
      const noBody = await t.app.inject({ method: 'DELETE', url: api('device-token'), headers: user.headers });
      expect(noBody.statusCode).toBe(400);
    });
  });

  describe('GET and PATCH push/preferences', () => {
    const prefs = (headers: Record<string, string>, payload?: unknown) =>
      t.app.inject({ method: payload === undefined ? 'GET' : 'PATCH', url: api('push/preferences'), headers, ...(payload !== undefined && { payload: payload as object }) });
    const allOn = { messages: true, bookings: true, reviews: true, payouts: true };

    it('needs a token', async () => {
      for (const res of [await prefs({}), await prefs({}, { messages: false })]) {
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe(MESSAGES.unauthenticated);
      }
    });

    it('has every kind on until the user turns one off, for that user only', async () => {
      const me = await createTestUser(t.db);
      const other = await createTestUser(t.db);
      expect((await prefs(me.headers)).json()).toEqual({ result: allOn });
      const off = await prefs(me.headers, { messages: false, payouts: false });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toEqual({ result: { ...allOn, messages: false, payouts: false } });
      expect((await prefs(me.headers, { payouts: true })).json().result).toEqual({ ...allOn, messages: false });
      expect((await prefs(me.headers)).json().result).toEqual({ ...allOn, messages: false });
      expect((await prefs(other.headers)).json().result).toEqual(allOn);
    });

    it('answers bad input with 400 and errors per field', async () => {
      const me = await createTestUser(t.db);
      const cases: [unknown, string][] = [
        [{ messages: 'no' }, 'messages'],
        [{ bookings: 1 }, 'bookings'],
        [{ reviews: null }, 'reviews'],
        [{ sms: true }, 'body'],
        [{}, 'body'],
        [[true], 'body'],
      ];
      for (const [payload, field] of cases) {
        const res = await prefs(me.headers, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: { [field]: expect.any(String) } });
      }
      expect((await prefs(me.headers)).json().result).toEqual(allOn);
    });
  });

  describe('encodePayload', () => {
    it('sends title, body, url and kind as they are when they fit', () => {
      expect(JSON.parse(encodePayload({ title: 'Booking confirmed', body: 'See you at 9.', url: '/ownerbooking', kind: 'bookings' }))).toEqual({
        title: 'Booking confirmed',
        body: 'See you at 9.',
        url: '/ownerbooking',
        kind: 'bookings',
      });
      expect(JSON.parse(encodePayload({ title: 't', body: 'b' }))).toEqual({ title: 't', body: 'b' });
    });

    it(`cuts the body to stay within ${PUSH_PAYLOAD_MAX_BYTES} bytes, never inside a character`, () => {
      for (const unit of ['a', 'é', '€', '🚗', '"\\\n']) {
        const json = encodePayload({ title: 'New message', body: unit.repeat(5000), url: '/chatroom', kind: 'messages' });
        expect(Buffer.byteLength(json), unit).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
        const body = JSON.parse(json).body as string;
        expect(body.endsWith('…')).toBe(true);
        expect(body.length).toBeGreaterThan(200);
        expect(body).not.toMatch(/[\uD800-\uDFFF]/u); // no half of a surrogate pair
      }
    });

    it('keeps only paths of this site as url', () => {
      for (const url of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'javascript:alert(1)', `/${'x'.repeat(600)}`]) {
        expect(JSON.parse(encodePayload({ title: 't', body: 'b', url })), url).not.toHaveProperty('url');
      }
      expect(JSON.parse(encodePayload({ title: 't', body: 'b', url: '/chatroom/message?room=1' })).url).toBe('/chatroom/message?room=1');
    });
  });

  describe('sendPush', () => {
    const vapid = { subject: 'mailto:support@parkly.in', publicKey: 'pub', privateKey: 'priv' };
    const fakeSender = (transport: PushTransport): PushSender & { warnings: unknown[] } => {
      const warnings: unknown[] = [];
      return { vapid: async () => vapid, transport, log: { warn: (obj) => warnings.push(obj) }, retryDelaysMs: [1, 1], warnings };
    };

    it('sends to every device, removes the ones that are gone and keeps the others', async () => {
      const owner = await createTestUser(t.db);
      const [alive, gone, missing, flaky] = ['alive', 'gone', 'missing', 'flaky'].map((name) =>
        browserSubscription(`https://updates.push.services.mozilla.com/wpush/v2/${name}`),
      );
      for (const s of [alive!, gone!, missing!, flaky!]) await saveToken(JSON.stringify(s), owner.headers);

      const calls: { endpoint: string; payload: string; vapid: unknown }[] = [];
      const sender = fakeSender(async (sub, payload, v) => {
        calls.push({ endpoint: sub.endpoint, payload, vapid: v });
        if (sub.endpoint.endsWith('/gone')) throw Object.assign(new Error('Gone'), { statusCode: 410 });
        if (sub.endpoint.endsWith('/missing')) throw Object.assign(new Error('Not found'), { statusCode: 404 });
        if (sub.endpoint.endsWith('/flaky')) throw Object.assign(new Error('Server error'), { statusCode: 503 });
        return { statusCode: 201 };
      });

      const result = await sendPush(t.db, owner.id, { title: 'New Message!', body: 'Priya: the gate code is 4321' }, sender);
      expect(result).toEqual({ sent: 1, removed: 2, failed: 1, muted: 0 });
      // the 503 was tried three times (two retries), the others once
      expect(calls).toHaveLength(6);
      expect(calls.filter((c) => c.endpoint.endsWith('/flaky'))).toHaveLength(3);
      expect(JSON.parse(calls[0]!.payload)).toEqual({ title: 'New Message!', body: 'Priya: the gate code is 4321' });
      expect(calls[0]!.vapid).toEqual(vapid);
      expect((await subscriptions(owner.id)).map((s) => s.endpoint).sort()).toEqual([alive!.endpoint, flaky!.endpoint].sort());
      expect(sender.warnings).toHaveLength(1);
    });

    it('never throws: a broken sender or database is logged and ignored', async () => {
      const sub = browserSubscription();
      await saveToken(JSON.stringify(sub));
      const broken = { ...fakeSender(async () => undefined), vapid: () => Promise.reject(new Error('no keys')) };
      await expect(sendPush(t.db, user.id, { title: 't', body: 'b' }, broken)).resolves.toEqual({ sent: 0, removed: 0, failed: 0, muted: 0 });
      expect(broken.warnings).toHaveLength(1);
      const deadDb = { query: () => Promise.reject(new Error('database gone')) };
      await expect(sendPush(deadDb, user.id, { title: 't', body: 'b' }, fakeSender(async () => undefined))).resolves.toMatchObject({ sent: 0 });
      // with no sender (the CLI, seeding) it does nothing at all
      await expect(sendPush(t.db, user.id, { title: 't', body: 'b' }, null)).resolves.toEqual({ sent: 0, removed: 0, failed: 0, muted: 0 });
    });

    it('the app registers a sender, and notifyUser stores the notification then pushes it', async () => {
      const appSender = getPushSender();
      expect(appSender).not.toBeNull();
      const person = await createTestUser(t.db);
      await saveToken(JSON.stringify(browserSubscription()), person.headers);
      const transport = vi.fn<PushTransport>(async () => undefined);
      setPushSender(fakeSender(transport));
      try {
        const id = await notifyUser(t.db, person.id, { title: 'Booking confirmed', description: 'See you at 9.' });
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        await vi.waitFor(() => expect(transport).toHaveBeenCalledTimes(1));
        expect(JSON.parse(transport.mock.calls[0]![1])).toEqual({ title: 'Booking confirmed', body: 'See you at 9.' });
        await notifyUser(t.db, person.id, { title: 'Quiet', description: 'No push for this one.' }, false);
        await notifyUser(t.db, person.id, { title: 'Stored title', description: 'Stored text' }, { title: 'New Message!', body: 'Short text' });
        await vi.waitFor(() => expect(transport).toHaveBeenCalledTimes(2));
        expect(JSON.parse(transport.mock.calls[1]![1])).toEqual({ title: 'New Message!', body: 'Short text' });
        const stored = await t.db.query(`SELECT title FROM notifications WHERE user_id = $1 ORDER BY created_at`, [person.id]);
        expect(stored).toHaveLength(3);
      } finally {
        setPushSender(appSender);
      }
    });
  });
});
