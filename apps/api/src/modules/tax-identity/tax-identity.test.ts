import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, createTestApp, signUp, type TestContext } from '../../../test/helper';
import { signUpHost } from '../listings/testing';
import { findDriverTaxIdentity, findHostTaxIdentity } from './tax-identity.repository';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (token: string | undefined, method: 'GET' | 'PUT' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({ method, url: api(path), headers: token ? bearer(token) : {}, ...(payload && { payload }) });

// GSTN's own GSTIN (Tamil Nadu) and a Maharashtra one, both with the right check character
const TN = '33GSPTN0231G1ZM';
const MH = '27AAPFU0939F1ZV';

describe.each([
  ['host', 'host/tax-identity', findHostTaxIdentity],
  ['driver', 'profile/tax-identity', findDriverTaxIdentity],
] as const)("the %s's GSTIN (%s)", (role, path, find) => {
  const someone = () => (role === 'host' ? signUpHost(t.app) : signUp(t.app));

  it('starts empty, saves a GSTIN as typed (spaces, small letters) with its state, changes it and removes it', async () => {
    const u = await someone();
    expect((await call(u.token, 'GET', path)).json()).toEqual({ result: null });
    const saved = await call(u.token, 'PUT', path, { gstin: ' 33gsptn 0231g1zm ', legal_name: '  Goods and Services Tax Network ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result).toMatchObject({ gstin: TN, legal_name: 'Goods and Services Tax Network', state_code: '33', state_name: 'Tamil Nadu' });
    expect((await call(u.token, 'GET', path)).json().result).toMatchObject({ gstin: TN, state_name: 'Tamil Nadu' });
    expect(await find(t.db, u.user.id)).toMatchObject({ gstin: TN, legal_name: 'Goods and Services Tax Network' });

    const changed = await call(u.token, 'PUT', path, { gstin: MH, legal_name: 'Rao Logistics LLP' });
    expect(changed.json().result).toMatchObject({ gstin: MH, state_code: '27', state_name: 'Maharashtra' });
    expect((await call(u.token, 'DELETE', path)).json()).toEqual({ result: null });
    expect((await call(u.token, 'GET', path)).json()).toEqual({ result: null });
    expect(await find(t.db, u.user.id)).toBeUndefined();
  });

  it('refuses a bad GSTIN or name with an error under the field, and stores nothing', async () => {
    const u = await someone();
    const cases: [object, string, string][] = [
      [{ gstin: '33GSPTN0231G1ZN', legal_name: 'GSTN' }, 'gstin', 'This GSTIN is not valid: check each character (the last one is a check on the others)'],
      [{ gstin: '99GSPTN0231G1ZM', legal_name: 'GSTN' }, 'gstin', 'This GSTIN is not valid: check each character (the last one is a check on the others)'],
      [{ gstin: '33GSPTN0231', legal_name: 'GSTN' }, 'gstin', 'A GSTIN is 15 characters, such as 29AAGCP4242M1Z0'],
      [{ gstin: '', legal_name: 'GSTN' }, 'gstin', 'Enter your GSTIN'],
      [{ gstin: TN, legal_name: ' ' }, 'legal_name', 'Enter the name the GSTIN is registered to'],
      [{ gstin: TN, legal_name: 'x'.repeat(101) }, 'legal_name', 'Keep the name under 100 characters'],
      [{ legal_name: 'GSTN' }, 'gstin', 'Enter your GSTIN'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(u.token, 'PUT', path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    expect((await call(u.token, 'PUT', path, [] as unknown as object)).statusCode).toBe(400);
    expect(await find(t.db, u.user.id)).toBeUndefined();
  });

  it('needs a token', async () => {
    expect((await call(undefined, 'GET', path)).statusCode).toBe(401);
    expect((await call(undefined, 'PUT', path, { gstin: TN, legal_name: 'GSTN' })).statusCode).toBe(401);
  });
});

describe('host and driver identities', () => {
  it("are a host's own, 403 for someone who is not a host, and kept apart from the same person's driver GSTIN", async () => {
    const driver = await signUp(t.app);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      expect((await call(driver.token, method, 'host/tax-identity', method === 'PUT' ? { gstin: TN, legal_name: 'GSTN' } : undefined)).statusCode).toBe(403);
    }
    const host = await signUpHost(t.app);
    await call(host.token, 'PUT', 'host/tax-identity', { gstin: TN, legal_name: 'GSTN' });
    expect((await call(host.token, 'GET', 'profile/tax-identity')).json().result).toBeNull();
    expect(await findHostTaxIdentity(t.db, driver.user.id)).toBeUndefined();
  });

  it('are erased with the account', async () => {
    const host = await signUpHost(t.app);
    await call(host.token, 'PUT', 'host/tax-identity', { gstin: TN, legal_name: 'GSTN' });
    await call(host.token, 'PUT', 'profile/tax-identity', { gstin: MH, legal_name: 'Rao Logistics LLP' });
    expect((await t.app.inject({ url: api('delete-account'), headers: bearer(host.token) })).statusCode).toBe(200);
    expect(await findHostTaxIdentity(t.db, host.user.id)).toBeUndefined();
    expect(await findDriverTaxIdentity(t.db, host.user.id)).toBeUndefined();
  });
});
