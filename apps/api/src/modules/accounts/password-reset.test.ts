import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../lib/tokens';
import { api, bearer, createTestApp, signUp, type TestContext } from '../../../test/helper';
import { browserSubscription } from '../push/testing';
import { recordAnswers } from './testing';

const PUBLIC_URL = 'https://parkly.example';
const REQUESTED = { message: 'If an account exists for that e-mail, we have sent a link to reset the password.' };
const INVALID_LINK = 'This reset link is not valid or has expired.';

let t: TestContext;
let answers: string[];
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  answers = recordAnswers(t.app);
});
afterAll(() => t.close());

const forgot = (email: unknown) => t.app.inject({ method: 'POST', url: api('forgot-password'), payload: { email } });
const reset = (token: unknown, password: unknown) => t.app.inject({ method: 'POST', url: api('reset-password'), payload: { token, password } });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: api('login'), payload: { email, password } });

async function mailsTo(email: string) {
  return t.db.query<{ subject: string; body_text: string; status: string }>(
    `SELECT subject, body_text, status FROM email_outbox WHERE to_address = $1 ORDER BY created_at`,
    [email],
  );
}

/** Asks for a reset and returns the token from the link in the e-mail. */
async function resetTokenFor(email: string) {
  expect((await forgot(email)).json()).toEqual(REQUESTED);
  const mails = await mailsTo(email);
  const link = /https:\/\/\S+/.exec(mails.at(-1)!.body_text)![0];
  const url = new URL(link);
  expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/reset_password`);
  return url.searchParams.get('token')!;
}

describe('POST forgot-password', () => {
  it('answers the same for an unknown address and sends nothing', async () => {
    const res = await forgot('nobody-here@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(REQUESTED);
    expect(await mailsTo('nobody-here@example.com')).toHaveLength(0);
  });

  it('puts a single-use link in the outbox and keeps only its hash', async () => {
    const { user } = await signUp(t.app);
    const res = await forgot(user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(REQUESTED);
    const [mail] = await mailsTo(user.email);
    expect(mail).toMatchObject({ subject: 'Reset your Parkly password', status: 'pending' });
    const token = new URL(/https:\/\/\S+/.exec(mail!.body_text)![0]).searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.db.query<{ token_hash: string; minutes: number; used_at: Date | null }>(
      `SELECT token_hash, extract(epoch FROM expires_at - now()) / 60 AS minutes, used_at FROM password_resets WHERE user_id = $1`,
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashToken(token));
    expect(Number(rows[0]!.minutes)).toBeGreaterThan(58);
    expect(Number(rows[0]!.minutes)).toBeLessThanOrEqual(60);
    expect(rows[0]!.used_at).toBeNull();
  });

  it('answers 400 for a malformed address, not a 5xx', async () => {
    for (const email of ['not an email', 42, null, 'x'.repeat(10_000)]) {
      const res = await forgot(email);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('email');
    }
  });
});

describe('POST reset-password', () => {
  it('sets the new password from the e-mailed link and ends every session', async () => {
    const { token: session, user } = await signUp(t.app);
    const token = await resetTokenFor(user.email);
    const res = await reset(token, 'my brand new passphrase');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been reset. You can now log in with the new password.' });
    expect((await t.app.inject({ url: api('get_profile'), headers: bearer(session) })).statusCode).toBe(401);
    expect((await login(user.email, 'a sensible passphrase')).statusCode).toBe(401);
    expect((await login(user.email, 'my brand new passphrase')).statusCode).toBe(200);
  });

  it('removes every push subscription of the account, those saved before subscriptions named a session too', async () => {
    const { token: session, user } = await signUp(t.app);
    const other = await signUp(t.app);
    for (const who of [session, other.token]) {
      const res = await t.app.inject({ method: 'POST', url: api('device-token'), headers: bearer(who), payload: { device_token: JSON.stringify(browserSubscription()) } });
      expect(res.statusCode).toBe(200);
    }
    await t.db.query(`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, 'https://fcm.googleapis.com/fcm/send/older', 'k', 'a')`, [user.id]);
    expect((await reset(await resetTokenFor(user.email), 'my brand new passphrase')).statusCode).toBe(200);
    expect(await t.db.query(`SELECT 1 FROM push_subscriptions WHERE user_id = $1`, [user.id])).toHaveLength(0);
    expect(await t.db.query(`SELECT 1 FROM push_subscriptions WHERE user_id = $1`, [other.user.id])).toHaveLength(1);
  });

  it('works only once', async () => {
    const { user } = await signUp(t.app);
    const token = await resetTokenFor(user.email);
    expect((await reset(token, 'first new passphrase')).statusCode).toBe(200);
    const again = await reset(token, 'second new passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'VALIDATION', errors: { token: INVALID_LINK } });
    expect((await login(user.email, 'first new passphrase')).statusCode).toBe(200);
  });

  it('spends older links of the same account once one is used', async () => {
    const { user } = await signUp(t.app);
    const older = await resetTokenFor(user.email);
    const newer = await resetTokenFor(user.email);
    expect((await reset(newer, 'newest passphrase here')).statusCode).toBe(200);
    expect((await reset(older, 'sneaky passphrase here')).json().errors).toEqual({ token: INVALID_LINK });
  });

  it('refuses an expired link', async () => {
    const { user } = await signUp(t.app);
    const token = await resetTokenFor(user.email);
    await t.db.query(`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hashToken(token)]);
    const res = await reset(token, 'my brand new passphrase');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ token: INVALID_LINK });
    expect((await login(user.email, 'a sensible passphrase')).statusCode).toBe(200);
  });

  it('refuses made-up, short and mistyped tokens with the same message', async () => {
    for (const token of [newToken(), 'abc', '', 12345, null, 'x'.repeat(5000)]) {
      const res = await reset(token, 'my brand new passphrase');
      expect(res.statusCode, String(token)).toBe(400);
      expect(res.json().errors.token).toBe(INVALID_LINK);
    }
  });

  it('refuses a common or short password and keeps the link usable', async () => {
    const { user } = await signUp(t.app);
    const token = await resetTokenFor(user.email);
    for (const password of ['password123', 'short']) {
      const res = await reset(token, password);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('password');
    }
    expect((await reset(token, 'finally a good passphrase')).statusCode).toBe(200);
  });

  it("does not work for a deleted account's link", async () => {
    const { token: session, user } = await signUp(t.app);
    const token = await resetTokenFor(user.email);
    await t.app.inject({ url: api('delete-account'), headers: bearer(session) });
    expect((await reset(token, 'my brand new passphrase')).json().errors).toEqual({ token: INVALID_LINK });
  });

  it('records the reset in the audit log', async () => {
    const { user } = await signUp(t.app);
    await reset(await resetTokenFor(user.email), 'audited passphrase ok');
    expect(await t.db.query(`SELECT 1 FROM audit_log WHERE actor_id = $1 AND action = 'account.password_reset'`, [user.id])).toHaveLength(1);
  });
});

describe('every answer of this file', () => {
  it('never contained a password hash or a reset token', async () => {
    const hashes = (await t.db.query<{ token_hash: string }>(`SELECT token_hash FROM password_resets`)).map((r) => r.token_hash);
    const mailed = (await t.db.query<{ body_text: string }>(`SELECT body_text FROM email_outbox`)).map((r) => /token=(\S+)/.exec(r.body_text)![1]!);
    const tokens = [...hashes, ...mailed];
    expect(answers.length).toBeGreaterThan(20);
    for (const body of answers) {
      expect(body).not.toMatch(/password_hash|\$argon2/);
      for (const token of tokens) expect(body).not.toContain(token);
    }
  });
});
