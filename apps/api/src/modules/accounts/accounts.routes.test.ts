import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileSchema } from '@parkly/shared/accounts';
import { api, bearer, createTestApp, signUp, type TestContext } from '../../../test/helper';
import { recordAnswers } from './testing';

let t: TestContext;
let answers: string[];
beforeAll(async () => {
  t = await createTestApp();
  answers = recordAnswers(t.app);
});
afterAll(() => t.close());

const post = (path: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: api(path), payload: payload as object, headers });
const uniqueEmail = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('POST signup', () => {
  it('creates the account, answers 201 with a token and the profile', async () => {
    const email = uniqueEmail('asha');
    const res = await post('signup', { name: 'Asha Rao', email, password: 'a sensible passphrase', phone: '+91 98765 43210' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(profileSchema.parse(body.result)).toEqual(body.result);
    expect(body.result).toMatchObject({
      name: 'Asha Rao',
      email,
      phone: '+91 98765 43210',
      profile_image: null,
      host_user: 0,
      role: 'user',
      id_verification_status: 'none',
      location: null,
    });
    expect(new Date(body.result.created_at).toISOString()).toBe(body.result.created_at);
  });

  it('stores the password as an argon2id hash with OWASP parameters', async () => {
    const { user } = await signUp(t.app);
    const [row] = await t.db.query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE id = $1`, [user.id]);
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('sends a welcome notification', async () => {
    const { user } = await signUp(t.app);
    const rows = await t.db.query<{ title: string; description: string }>(`SELECT title, description FROM notifications WHERE user_id = $1`, [
      user.id,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.title).toBe('Welcome to Parkly!');
    expect(rows[0]!.description.length).toBeGreaterThan(20);
  });

  it('keeps the e-mail in lower case and refuses the same address in any case with 409 EMAIL_TAKEN', async () => {
    const email = uniqueEmail('dup');
    const first = await post('signup', { name: 'First', email: email.toUpperCase(), password: 'a sensible passphrase' });
    expect(first.json().result.email).toBe(email);
    const again = await post('signup', { name: 'Second', email: `  ${email.replace('dup', 'DUP')} `, password: 'another fine passphrase' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'EMAIL_TAKEN', errors: { email: expect.any(String) } });
    const count = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE email = $1`, [email]);
    expect(count[0]!.n).toBe(1);
  });

  it('refuses a common password with 400 and errors.password, creating nothing', async () => {
    const email = uniqueEmail('common');
    for (const password of ['password123', 'qwertyuiop', 'aaaaaaaaaa', 'Parkly123']) {
      const res = await post('signup', { name: 'Common', email, password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: { password: expect.stringMatching(/common/) } });
    }
    expect(await t.db.query(`SELECT 1 FROM users WHERE email = $1`, [email])).toHaveLength(0);
  });

  it.each([
    ['no body', undefined, 'body'],
    ['missing name', { email: 'x@example.com', password: 'a sensible passphrase' }, 'name'],
    ['blank name', { name: '   ', email: 'x@example.com', password: 'a sensible passphrase' }, 'name'],
    ['10 kB name', { name: 'n'.repeat(10_000), email: 'x@example.com', password: 'a sensible passphrase' }, 'name'],
    ['name of the wrong type', { name: 123, email: 'x@example.com', password: 'a sensible passphrase' }, 'name'],
    ['bad e-mail', { name: 'X', email: 'not-an-email', password: 'a sensible passphrase' }, 'email'],
    ['e-mail as an array', { name: 'X', email: ['a@b.co'], password: 'a sensible passphrase' }, 'email'],
    ['SQL as e-mail', { name: 'X', email: "' OR 1=1 --", password: 'a sensible passphrase' }, 'email'],
    ['short password', { name: 'X', email: 'x@example.com', password: 'short' }, 'password'],
    ['10 kB password', { name: 'X', email: 'x@example.com', password: 'p'.repeat(10_000) }, 'password'],
    ['password as an object', { name: 'X', email: 'x@example.com', password: { $gt: '' } }, 'password'],
    ['bad phone', { name: 'X', email: 'x@example.com', password: 'a sensible passphrase', phone: 'call me' }, 'phone'],
  ])('answers 400 VALIDATION for %s', async (_label, payload, field) => {
    const res = await t.app.inject({ method: 'POST', url: api('signup'), ...(payload !== undefined && { payload }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    expect(Object.keys(res.json().errors)).toContain(field);
  });

  it('answers 4xx, never 5xx, for malformed JSON, an empty body and a wrong Content-Type', async () => {
    const cases = [
      { payload: '{"name": "x", ', headers: { 'content-type': 'application/json' } },
      { payload: '', headers: { 'content-type': 'application/json' } },
      { payload: 'name=x&email=y', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { payload: '<user/>', headers: { 'content-type': 'application/xml' } },
      { payload: 'just text', headers: { 'content-type': 'text/plain' } },
      { payload: '[1,2,3]', headers: { 'content-type': 'application/json' } },
      { payload: 'null', headers: { 'content-type': 'application/json' } },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'POST', url: api('signup'), ...c });
      expect(res.statusCode, c.payload).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, c.payload).toBeLessThan(500);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('accepts an empty phone as no phone', async () => {
    const res = await post('signup', { name: 'No Phone', email: uniqueEmail('nophone'), password: 'a sensible passphrase', phone: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json().result.phone).toBeNull();
  });

  it('stores SQL and markup in a name as plain text', async () => {
    const names = ["Robert'); DROP TABLE users;--", '<script>alert(1)</script>'];
    for (const name of names) {
      const res = await post('signup', { name, email: uniqueEmail('bobby'), password: 'a sensible passphrase' });
      expect(res.statusCode).toBe(201);
      const profile = await t.app.inject({ url: api('get_profile'), headers: bearer(res.json().token) });
      expect(profile.json().result.name).toBe(name);
    }
    expect(await t.db.query(`SELECT 1 FROM users LIMIT 1`)).toHaveLength(1);
  });
});

describe('POST login', () => {
  let email: string;
  beforeAll(async () => {
    email = uniqueEmail('login');
    await post('signup', { name: 'Login User', email, password: 'correct horse battery' });
  });

  it('answers a new token and the profile', async () => {
    const res = await post('login', { email, password: 'correct horse battery' });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.json().result).toMatchObject({ email, name: 'Login User', host_user: 0 });
    const profile = await t.app.inject({ url: api('get_profile'), headers: bearer(res.json().token) });
    expect(profile.statusCode).toBe(200);
  });

  it('finds the account whatever the case of the e-mail', async () => {
    const res = await post('login', { email: ` ${email.toUpperCase()} `, password: 'correct horse battery' });
    expect(res.statusCode).toBe(200);
  });

  it('answers the same 401 INVALID_CREDENTIALS for a wrong password and for an unknown account', async () => {
    const wrong = await post('login', { email, password: 'wrong horse battery' });
    const unknown = await post('login', { email: uniqueEmail('nobody'), password: 'correct horse battery' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Incorrect e-mail or password.', code: 'INVALID_CREDENTIALS' });
    }
  });

  it('answers 400 for missing or mistyped fields', async () => {
    for (const payload of [{}, { email }, { email, password: '' }, { email, password: 42 }, { email: 42, password: 'x' }]) {
      const res = await post('login', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });
});

describe('GET get_profile', () => {
  it('answers the profile of the token holder', async () => {
    const { token, user } = await signUp(t.app, { name: 'Profile Owner' });
    const res = await t.app.inject({ url: api('get_profile'), headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ id: user.id, name: 'Profile Owner', profile_image: null, host_user: 0 });
    expect(Object.keys(res.json().result).sort()).toEqual(Object.keys(profileSchema.shape).sort());
  });

  it('answers 401 Unauthenticated User without a token or with a garbage one', async () => {
    const headers = [{}, bearer('garbage-token-that-is-long-enough'), { authorization: 'Bearer' }, { authorization: 'Basic dXNlcjpwYXNz' }];
    for (const h of headers) {
      const res = await t.app.inject({ url: api('get_profile'), headers: h });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: 'Unauthenticated User' });
    }
  });
});

describe('PATCH profile', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await signUp(t.app, { name: 'Before' }));
  });
  const patch = (payload: unknown) => t.app.inject({ method: 'PATCH', url: api('profile'), headers: bearer(token), payload: payload as object });

  it('changes the name and the phone', async () => {
    const res = await patch({ name: '  Meera Iyer ', phone: '+91 91234 56789' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ name: 'Meera Iyer', phone: '+91 91234 56789' });
  });

  it('keeps what is not sent and removes the phone on null or an empty string', async () => {
    expect((await patch({})).json().result).toMatchObject({ name: 'Meera Iyer', phone: '+91 91234 56789' });
    expect((await patch({ phone: null })).json().result).toMatchObject({ name: 'Meera Iyer', phone: null });
    await patch({ phone: '9876543210' });
    expect((await patch({ phone: '' })).json().result.phone).toBeNull();
  });

  it('answers 400 for a blank or 10 kB name, a bad phone or wrong types', async () => {
    for (const payload of [{ name: '' }, { name: 'x'.repeat(10_000) }, { phone: 'abc' }, { name: 7 }, { phone: ['1'] }, [1]]) {
      const res = await patch(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await t.app.inject({ url: api('get_profile'), headers: bearer(token) })).json().result.name).toBe('Meera Iyer');
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: api('profile'), payload: { name: 'X' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT location', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await signUp(t.app));
  });
  const put = (payload: unknown) => t.app.inject({ method: 'PUT', url: api('location'), headers: bearer(token), payload: payload as object });

  it('stores the location with or without a label', async () => {
    const res = await put({ lat: 12.9716, lng: 77.5946, label: ' Bengaluru ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.location).toEqual({ lat: 12.9716, lng: 77.5946, label: 'Bengaluru' });
    expect((await put({ lat: -33.9, lng: 151.2 })).json().result.location).toEqual({ lat: -33.9, lng: 151.2, label: null });
  });

  it('answers 400 for coordinates out of range, missing or not numbers', async () => {
    const bad = [{ lat: 91, lng: 0 }, { lat: 0, lng: -181 }, { lat: '12', lng: 77 }, { lat: 12 }, { lat: 1, lng: 1, label: 'x'.repeat(201) }, {}];
    for (const payload of bad) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'PUT', url: api('location'), payload: { lat: 1, lng: 1 } })).statusCode).toBe(401);
  });
});

describe('POST become-host', () => {
  it('makes the account a host, once, with one notification', async () => {
    const { token, user } = await signUp(t.app);
    const first = await t.app.inject({ method: 'POST', url: api('become-host'), headers: bearer(token) });
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toMatchObject({ id: user.id, host_user: 1 });
    const second = await t.app.inject({ method: 'POST', url: api('become-host'), headers: bearer(token) });
    expect(second.json().result.host_user).toBe(1);
    const notes = await t.db.query(`SELECT 1 FROM notifications WHERE user_id = $1 AND title = 'You are now a host'`, [user.id]);
    expect(notes).toHaveLength(1);
    const profile = await t.app.inject({ url: api('get_profile'), headers: bearer(token) });
    expect(profile.json().result.host_user).toBe(1);
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: api('become-host') })).statusCode).toBe(401);
  });
});

describe('the API document', () => {
  it('lists the account and host calls', async () => {
    const paths = Object.keys((await t.app.inject({ url: api('openapi.json') })).json().paths);
    for (const p of ['signup', 'login', 'get_profile', 'profile/photo', 'reset-password', 'delete-account', 'upload_govt_id']) {
      expect(paths).toContain(api(p));
    }
  });
});

describe('every answer of this file', () => {
  it('never contained a password hash', () => {
    expect(answers.length).toBeGreaterThan(50);
    for (const body of answers) {
      expect(body).not.toContain('password_hash');
      expect(body).not.toContain('$argon2');
    }
  });
});
