import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/tokens';
import { api, bearer, createTestApp, multipartFile, signUp, type TestContext } from '../../../test/helper';
import { browserSubscription } from '../push/testing';
import { fixtures, recordAnswers } from './testing';

let t: TestContext;
let answers: string[];
beforeAll(async () => {
  t = await createTestApp();
  answers = recordAnswers(t.app);
});
afterAll(() => t.close());

const profileStatus = async (token: string) => (await t.app.inject({ url: api('get_profile'), headers: bearer(token) })).statusCode;
const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: api('login'), payload: { email, password }, headers });
const UNAUTHENTICATED = { message: 'Unauthenticated User', code: 'UNAUTHENTICATED' };
/** This device (session) subscribes to push: the endpoint it saved. */
async function subscribePush(token: string) {
  const sub = browserSubscription();
  const res = await t.app.inject({ method: 'POST', url: api('device-token'), headers: bearer(token), payload: { device_token: JSON.stringify(sub) } });
  expect(res.statusCode).toBe(200);
  return sub.endpoint;
}
const pushEndpointsOf = async (userId: string) =>
  (await t.db.query<{ endpoint: string }>(`SELECT endpoint FROM push_subscriptions WHERE user_id = $1`, [userId])).map((r) => r.endpoint).sort();

describe('session tokens', () => {
  it('are stored only as a SHA-256 hash, never as the token itself', async () => {
    const { token, user } = await signUp(t.app);
    const res = await login(user.email, 'a sensible passphrase');
    const tokens = [token, res.json().token as string];
    const rows = await t.db.query<{ token_hash: string; row: string }>(
      `SELECT token_hash, row_to_json(s)::text AS row FROM sessions s WHERE user_id = $1`,
      [user.id],
    );
    expect(rows.map((r) => r.token_hash).sort()).toEqual(tokens.map(hashToken).sort());
    for (const r of rows) for (const raw of tokens) expect(r.row).not.toContain(raw);
  });

  it('record the user agent and the address, and end after 90 days at most', async () => {
    const { user } = await signUp(t.app);
    await login(user.email, 'a sensible passphrase', { 'user-agent': 'ParklyTest/1.0' });
    const [row] = await t.db.query<{ user_agent: string; ip: string; days: number }>(
      `SELECT user_agent, ip, extract(epoch FROM expires_at - created_at) / 86400 AS days
         FROM sessions WHERE user_id = $1 AND user_agent = 'ParklyTest/1.0'`,
      [user.id],
    );
    expect(row).toMatchObject({ user_agent: 'ParklyTest/1.0', ip: '127.0.0.1' });
    expect(Math.round(Number(row!.days))).toBe(90);
  });

  it('are refused once expired, with 401 Unauthenticated User', async () => {
    const { token } = await signUp(t.app);
    await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE token_hash = $1`, [hashToken(token)]);
    const res = await t.app.inject({ url: api('get_profile'), headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });

  it('are refused after 31 idle days but kept alive by use within 30', async () => {
    const idle = await signUp(t.app);
    await t.db.query(`UPDATE sessions SET last_seen_at = now() - interval '31 days' WHERE token_hash = $1`, [hashToken(idle.token)]);
    expect(await profileStatus(idle.token)).toBe(401);

    const active = await signUp(t.app);
    await t.db.query(`UPDATE sessions SET last_seen_at = now() - interval '29 days' WHERE token_hash = $1`, [hashToken(active.token)]);
    expect(await profileStatus(active.token)).toBe(200);
    const [row] = await t.db.query<{ recent: boolean }>(
      `SELECT last_seen_at > now() - interval '1 minute' AS recent FROM sessions WHERE token_hash = $1`,
      [hashToken(active.token)],
    );
    expect(row!.recent).toBe(true);
  });
});

describe('GET logout', () => {
  it('ends this session only', async () => {
    const { token, user } = await signUp(t.app);
    const other = (await login(user.email, 'a sensible passphrase')).json().token as string;
    const res = await t.app.inject({ url: api('logout'), headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out successfully.' });
    expect(await profileStatus(token)).toBe(401);
    expect(await profileStatus(other)).toBe(200);
    const again = await t.app.inject({ url: api('logout'), headers: bearer(token) });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(UNAUTHENTICATED);
  });

  it("removes the push subscriptions this session saved; the other device's stay", async () => {
    const { token, user } = await signUp(t.app);
    const other = (await login(user.email, 'a sensible passphrase')).json().token as string;
    await subscribePush(token);
    await subscribePush(token);
    const kept = await subscribePush(other);
    expect(await pushEndpointsOf(user.id)).toHaveLength(3);
    expect((await t.app.inject({ url: api('logout'), headers: bearer(token) })).statusCode).toBe(200);
    expect(await pushEndpointsOf(user.id)).toEqual([kept]);
  });

  it('answers 401 Unauthenticated User without a token or with a garbage one', async () => {
    for (const headers of [{}, bearer('x'.repeat(43)), { authorization: 'Token abc' }]) {
      const res = await t.app.inject({ url: api('logout'), headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
  });
});

describe('POST change-password', () => {
  const change = (token: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: api('change-password'), headers: bearer(token), payload: payload as object });

  it('changes the password, keeps this session and ends the others', async () => {
    const { token, user } = await signUp(t.app);
    const other = (await login(user.email, 'a sensible passphrase')).json().token as string;
    const res = await change(token, { current_password: 'a sensible passphrase', new_password: 'an even better passphrase' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been changed.' });
    expect(await profileStatus(token)).toBe(200);
    expect(await profileStatus(other)).toBe(401);
    expect((await login(user.email, 'a sensible passphrase')).statusCode).toBe(401);
    expect((await login(user.email, 'an even better passphrase')).statusCode).toBe(200);
    const audit = await t.db.query(`SELECT 1 FROM audit_log WHERE actor_id = $1 AND action = 'account.password_changed'`, [user.id]);
    expect(audit).toHaveLength(1);
  });

  it("removes the other devices' push subscriptions and keeps this one's", async () => {
    const { token, user } = await signUp(t.app);
    const others = [(await login(user.email, 'a sensible passphrase')).json().token as string, (await login(user.email, 'a sensible passphrase')).json().token as string];
    const mine = await subscribePush(token);
    for (const other of others) await subscribePush(other);
    const res = await change(token, { current_password: 'a sensible passphrase', new_password: 'an even better passphrase' });
    expect(res.statusCode).toBe(200);
    expect(await pushEndpointsOf(user.id)).toEqual([mine]);
  });

  it('answers 400 with errors.current_password when the current password is wrong', async () => {
    const { token } = await signUp(t.app);
    const res = await change(token, { current_password: 'not my password', new_password: 'an even better passphrase' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: { current_password: 'Your current password is not correct.' } });
  });

  it('refuses a common, short or unchanged new password with errors.new_password', async () => {
    const { token } = await signUp(t.app);
    for (const new_password of ['password123', 'short', 'a sensible passphrase']) {
      const res = await change(token, { current_password: 'a sensible passphrase', new_password });
      expect(res.statusCode, new_password).toBe(400);
      expect(res.json().errors).toHaveProperty('new_password');
    }
  });

  it('answers 400 for missing fields and 401 without a session', async () => {
    const { token } = await signUp(t.app);
    expect((await change(token, {})).statusCode).toBe(400);
    expect((await change(token, { current_password: 1, new_password: 2 })).statusCode).toBe(400);
    const res = await t.app.inject({ method: 'POST', url: api('change-password'), payload: { current_password: 'a', new_password: 'b' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET delete-account', () => {
  it('removes personal data, ends every session and frees the e-mail', async () => {
    const { token, user } = await signUp(t.app, { name: 'Soon Gone' });
    const other = (await login(user.email, 'a sensible passphrase')).json().token as string;
    const auth = bearer(token);
    const photo = multipartFile(await fixtures.png(), 'me.png', 'image/png');
    const photoRes = await t.app.inject({ method: 'POST', url: api('profile/photo'), headers: { ...auth, ...photo.headers }, payload: photo.payload });
    const photoFile = join(t.dataDir, 'uploads', photoRes.json().result.profile_image.replace('/uploads/', ''));
    const id = multipartFile(fixtures.pdf(), 'id.pdf', 'application/pdf');
    expect((await t.app.inject({ method: 'POST', url: api('upload_govt_id'), headers: { ...auth, ...id.headers }, payload: id.payload })).statusCode).toBe(200);
    const [doc] = await t.db.query<{ storage_key: string }>(`SELECT storage_key FROM government_ids WHERE user_id = $1`, [user.id]);
    const idFile = join(t.dataDir, 'private', doc!.storage_key);
    await t.app.inject({ method: 'PUT', url: api('location'), headers: auth, payload: { lat: 19, lng: 72.8, label: 'Home' } });
    await t.db.query(`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, 'https://push.example/x', 'k', 'a')`, [user.id]);
    expect(existsSync(photoFile) && existsSync(idFile)).toBe(true);

    const res = await t.app.inject({ url: api('delete-account'), headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your account has been deleted.' });

    expect(await profileStatus(token)).toBe(401);
    expect(await profileStatus(other)).toBe(401);
    expect((await login(user.email, 'a sensible passphrase')).json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const [row] = await t.db.query(
      `SELECT name, email, phone, password_hash, profile_image, location_lat, location_label, deleted_at IS NOT NULL AS deleted
         FROM users WHERE id = $1`,
      [user.id],
    );
    expect(row).toEqual({
      name: 'Deleted user',
      email: null,
      phone: null,
      password_hash: null,
      profile_image: null,
      location_lat: null,
      location_label: null,
      deleted: true,
    });
    for (const table of ['notifications', 'push_subscriptions', 'government_ids', 'password_resets']) {
      expect(await t.db.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [user.id]), table).toHaveLength(0);
    }
    const sessions = await t.db.query(`SELECT 1 FROM sessions WHERE user_id = $1 AND (revoked_at IS NULL OR ip IS NOT NULL)`, [user.id]);
    expect(sessions).toHaveLength(0);
    expect(existsSync(photoFile)).toBe(false);
    expect(existsSync(idFile)).toBe(false);
    expect(await t.db.query(`SELECT 1 FROM audit_log WHERE actor_id = $1 AND action = 'account.deleted'`, [user.id])).toHaveLength(1);

    const again = await signUp(t.app, { email: user.email, name: 'Back Again' });
    expect(again.user.id).not.toBe(user.id);
    expect(again.user.name).toBe('Back Again');
  });

  it('needs a live session', async () => {
    const res = await t.app.inject({ url: api('delete-account') });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });

  it("leaves other people's accounts alone", async () => {
    const keep = await signUp(t.app);
    const gone = await signUp(t.app);
    await t.app.inject({ url: api('delete-account'), headers: bearer(gone.token) });
    expect(await profileStatus(keep.token)).toBe(200);
    expect(await t.db.query(`SELECT 1 FROM notifications WHERE user_id = $1`, [keep.user.id])).toHaveLength(1);
  });
});

describe('every answer of this file', () => {
  it('never contained a password hash', () => {
    expect(answers.length).toBeGreaterThan(30);
    for (const body of answers) expect(body).not.toMatch(/password_hash|\$argon2/);
  });
});
