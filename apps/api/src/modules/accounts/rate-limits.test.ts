import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, createTestApp, multipartFile, type TestContext } from '../../../test/helper';
import { LOGIN_FAILURES, ROUTE_LIMITS } from './accounts.limits';

/** Rate limits on; every test speaks from its own addresses so the counters do not mix. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: '1' });
});
afterAll(() => t.close());

const PASSWORD = 'a sensible passphrase';
let n = 0;
const newEmail = () => `limited${++n}-${Date.now()}@example.com`;

function post(path: string, payload: unknown, remoteAddress: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: api(path), payload: payload as object, remoteAddress, headers });
}
async function signUpFrom(remoteAddress: string) {
  const email = newEmail();
  const res = await post('signup', { name: 'Limited', email, password: PASSWORD }, remoteAddress);
  expect(res.statusCode).toBe(201);
  return { email, token: res.json().token as string };
}
function expectTooMany(res: { statusCode: number; headers: Record<string, unknown>; json: () => { code: string } }) {
  expect(res.statusCode).toBe(429);
  expect(res.json().code).toBe('RATE_LIMITED');
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('per-address limits', () => {
  it('sign-up: 10 an hour per address', async () => {
    for (let i = 0; i < ROUTE_LIMITS.signup.max; i++) await signUpFrom('198.51.100.1');
    expectTooMany(await post('signup', { name: 'One Too Many', email: newEmail(), password: PASSWORD }, '198.51.100.1'));
    await signUpFrom('198.51.100.2');
  });

  it('login: 30 in 15 minutes per address, counting every attempt', async () => {
    const { email } = await signUpFrom('198.51.100.3');
    for (let i = 0; i < ROUTE_LIMITS.login.max; i++) expect((await post('login', {}, '198.51.100.4')).statusCode).toBe(400);
    expectTooMany(await post('login', { email, password: PASSWORD }, '198.51.100.4'));
    expect((await post('login', { email, password: PASSWORD }, '198.51.100.5')).statusCode).toBe(200);
  });

  it('forgot-password: 5 in 15 minutes per address', async () => {
    for (let i = 0; i < ROUTE_LIMITS.forgotPassword.max; i++) {
      expect((await post('forgot-password', { email: newEmail() }, '198.51.100.6')).statusCode).toBe(200);
    }
    expectTooMany(await post('forgot-password', { email: newEmail() }, '198.51.100.6'));
  });

  it('reset-password: 10 in 15 minutes per address', async () => {
    const body = { token: 'x'.repeat(43), password: 'a new passphrase' };
    for (let i = 0; i < ROUTE_LIMITS.resetPassword.max; i++) expect((await post('reset-password', body, '198.51.100.7')).statusCode).toBe(400);
    expectTooMany(await post('reset-password', body, '198.51.100.7'));
  });

  it('change-password: 10 in 15 minutes per address', async () => {
    const { token } = await signUpFrom('198.51.100.8');
    const body = { current_password: 'wrong guess here', new_password: 'a new passphrase' };
    for (let i = 0; i < ROUTE_LIMITS.changePassword.max; i++) {
      expect((await post('change-password', body, '198.51.100.9', bearer(token))).statusCode).toBe(400);
    }
    expectTooMany(await post('change-password', body, '198.51.100.9', bearer(token)));
  });

  it('profile photo: 20 uploads an hour per address', async () => {
    const { token } = await signUpFrom('198.51.100.10');
    const form = multipartFile(Buffer.alloc(0), 'p.png', 'image/png');
    const send = () => post('profile/photo', form.payload, '198.51.100.11', { ...bearer(token), ...form.headers });
    for (let i = 0; i < ROUTE_LIMITS.upload.max; i++) expect((await send()).statusCode).toBe(400);
    expectTooMany(await send());
  });
});

describe('failed logins per account', () => {
  it('lock the account after 10 failures from any addresses, even for the right password', async () => {
    const { email } = await signUpFrom('198.51.100.20');
    for (let i = 0; i < LOGIN_FAILURES.max; i++) {
      const res = await post('login', { email, password: `wrong guess ${i}` }, `192.0.2.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    const locked = await post('login', { email, password: PASSWORD }, '192.0.2.200');
    expectTooMany(locked);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
  });

  it('count wrong current passwords of change-password, so a stolen token guesses no faster than the login form', async () => {
    const { email, token } = await signUpFrom('198.51.100.25');
    const change = (current: string, from: string) => post('change-password', { current_password: current, new_password: 'a new passphrase' }, from, bearer(token));
    for (let i = 0; i < LOGIN_FAILURES.max; i++) expect((await change(`wrong guess ${i}`, `192.0.2.${100 + i}`)).statusCode).toBe(400);
    expectTooMany(await change(PASSWORD, '192.0.2.150'));
    expectTooMany(await post('login', { email, password: PASSWORD }, '192.0.2.151'));
  });

  it('do not lock other people who share the attacking address', async () => {
    const victim = await signUpFrom('198.51.100.21');
    const neighbour = await signUpFrom('198.51.100.22');
    for (let i = 0; i < LOGIN_FAILURES.max; i++) await post('login', { email: victim.email, password: 'wrong guess' }, '203.0.113.50');
    expectTooMany(await post('login', { email: victim.email, password: PASSWORD }, '203.0.113.50'));
    expect((await post('login', { email: neighbour.email, password: PASSWORD }, '203.0.113.50')).statusCode).toBe(200);
  });

  it('lock unknown addresses the same way, so the lock tells nothing about who has an account', async () => {
    const email = newEmail();
    for (let i = 0; i < LOGIN_FAILURES.max; i++) expect((await post('login', { email, password: 'x' }, '203.0.113.60')).statusCode).toBe(401);
    expectTooMany(await post('login', { email, password: 'x' }, '203.0.113.60'));
  });

  it('are forgotten after a successful login and when the window ends', async () => {
    const { email } = await signUpFrom('198.51.100.23');
    for (let i = 0; i < LOGIN_FAILURES.max - 1; i++) await post('login', { email, password: 'wrong guess' }, '203.0.113.70');
    expect((await post('login', { email, password: PASSWORD }, '203.0.113.71')).statusCode).toBe(200);
    expect(await t.db.query(`SELECT 1 FROM rate_limits WHERE key = $1`, [`login-fail:${email}`])).toHaveLength(0);

    for (let i = 0; i < LOGIN_FAILURES.max; i++) await post('login', { email, password: 'wrong guess' }, '203.0.113.72');
    expectTooMany(await post('login', { email, password: PASSWORD }, '203.0.113.73'));
    await t.db.query(`UPDATE rate_limits SET reset_at = now() - interval '1 second' WHERE key = $1`, [`login-fail:${email}`]);
    expect((await post('login', { email, password: PASSWORD }, '203.0.113.73')).statusCode).toBe(200);
  });

  it('are cleared by a password reset', async () => {
    const { email } = await signUpFrom('198.51.100.24');
    for (let i = 0; i < LOGIN_FAILURES.max; i++) await post('login', { email, password: 'wrong guess' }, '203.0.113.80');
    expect((await post('forgot-password', { email }, '203.0.113.81')).statusCode).toBe(200);
    const [mail] = await t.db.query<{ body_text: string }>(`SELECT body_text FROM email_outbox WHERE to_address = $1`, [email]);
    const token = /token=(\S+)/.exec(mail!.body_text)![1];
    expect((await post('reset-password', { token, password: 'reset passphrase ok' }, '203.0.113.81')).statusCode).toBe(200);
    expect((await post('login', { email, password: 'reset passphrase ok' }, '203.0.113.82')).statusCode).toBe(200);
  });
});

describe('reset e-mails per address', () => {
  it('send at most 3 an hour to one inbox, answering the same every time', async () => {
    const { email } = await signUpFrom('198.51.100.30');
    for (let i = 0; i < 5; i++) {
      const res = await post('forgot-password', { email }, `203.0.113.${90 + i}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('If an account exists for that e-mail, we have sent a link to reset the password.');
    }
    expect(await t.db.query(`SELECT 1 FROM email_outbox WHERE to_address = $1`, [email])).toHaveLength(3);
  });
});
