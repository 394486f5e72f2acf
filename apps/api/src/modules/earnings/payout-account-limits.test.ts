import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, createTestApp, type TestContext } from '../../../test/helper';
import { LOGIN_FAILURES } from '../accounts/accounts.limits';

/** Rate limits on; each test speaks from its own addresses so the per-address counters do not mix. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: '1' });
});
afterAll(() => t.close());

const PASSWORD = 'a sensible passphrase';
const UPI = { method: 'upi', upi_id: 'host.payouts@okaxis' };
let n = 0;

async function newHost(remoteAddress: string) {
  const email = `payout-limits-${++n}-${Date.now()}@example.com`;
  const signup = await t.app.inject({ method: 'POST', url: api('signup'), payload: { name: 'Limited Host', email, password: PASSWORD }, remoteAddress });
  expect(signup.statusCode).toBe(201);
  const token: string = signup.json().token;
  expect((await t.app.inject({ method: 'POST', url: api('become-host'), headers: bearer(token), remoteAddress })).statusCode).toBe(200);
  return { email, token };
}
const putAccount = (token: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'PUT', url: api('host/payout-account'), headers: bearer(token), payload: { ...UPI, current_password: password }, remoteAddress });
const logIn = (email: string, remoteAddress: string) => t.app.inject({ method: 'POST', url: api('login'), payload: { email, password: PASSWORD }, remoteAddress });
const accountOf = async (token: string) => (await t.app.inject({ url: api('host/earnings'), headers: bearer(token), remoteAddress: '203.0.113.250' })).json().result.payout_account;

function expectTooMany(res: { statusCode: number; headers: Record<string, unknown>; json: () => { code: string } }) {
  expect(res.statusCode).toBe(429);
  expect(res.json().code).toBe('RATE_LIMITED');
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('wrong current passwords on PUT host/payout-account', () => {
  it('count as failed logins: after 10 from any addresses the account is locked here and at login, even for the right password', async () => {
    const host = await newHost('203.0.113.1');
    for (let i = 0; i < LOGIN_FAILURES.max; i++) {
      const res = await putAccount(host.token, `wrong guess ${i}`, `203.0.113.${10 + i}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.current_password).toBe('Your current password is not correct.');
    }
    const locked = await putAccount(host.token, PASSWORD, '203.0.113.30');
    expectTooMany(locked);
    expect(locked.json().message).toMatch(/Too many wrong passwords/);
    expect(await accountOf(host.token)).toBeNull();
    expectTooMany(await logIn(host.email, '203.0.113.31'));
  });

  it('add up with failed logins, and the right password clears the count', async () => {
    const host = await newHost('203.0.113.2');
    for (let i = 0; i < LOGIN_FAILURES.max - 1; i++) {
      expect((await putAccount(host.token, `wrong guess ${i}`, `203.0.113.${40 + i}`)).statusCode).toBe(400);
    }
    expect((await putAccount(host.token, PASSWORD, '203.0.113.60')).statusCode).toBe(200);
    // counted afresh: half here, half at the login form
    for (let i = 0; i < LOGIN_FAILURES.max / 2; i++) {
      expect((await putAccount(host.token, `wrong again ${i}`, `203.0.113.${61 + i}`)).statusCode).toBe(400);
      const login = await t.app.inject({ method: 'POST', url: api('login'), payload: { email: host.email, password: `wrong login ${i}` }, remoteAddress: `203.0.113.${71 + i}` });
      expect(login.statusCode).toBe(401);
    }
    expectTooMany(await putAccount(host.token, PASSWORD, '203.0.113.80'));
    expectTooMany(await logIn(host.email, '203.0.113.81'));
    expect((await accountOf(host.token)).label).toBe('UPI ho•••@okaxis');
  });

  it('are limited per address too: 10 tries in 15 minutes', async () => {
    const a = await newHost('203.0.113.3');
    const b = await newHost('203.0.113.3');
    for (let i = 0; i < 5; i++) expect((await putAccount(a.token, `wrong ${i}`, '203.0.113.90')).statusCode).toBe(400);
    for (let i = 0; i < 5; i++) expect((await putAccount(b.token, `wrong ${i}`, '203.0.113.90')).statusCode).toBe(400);
    expectTooMany(await putAccount(b.token, PASSWORD, '203.0.113.90'));
    expect((await putAccount(b.token, PASSWORD, '203.0.113.91')).statusCode).toBe(200);
  });
});
