import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, createTestApp, signUp, type TestContext } from '../../../test/helper';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function vehicleCalls(token?: string) {
  const headers = token ? bearer(token) : {};
  return {
    list: () => t.app.inject({ method: 'GET', url: api('vehicles'), headers }),
    add: (payload: unknown) => t.app.inject({ method: 'POST', url: api('vehicles'), headers, payload: payload as object }),
    patch: (id: string, payload: unknown) => t.app.inject({ method: 'PATCH', url: api(`vehicles/${id}`), headers, payload: payload as object }),
    remove: (id: string) => t.app.inject({ method: 'DELETE', url: api(`vehicles/${id}`), headers }),
  };
}

describe('vehicles', () => {
  it('adds, lists, edits, switches the default and removes', async () => {
    const me = vehicleCalls((await signUp(t.app)).token);
    const first = await me.add({ vehicle_type: 'suv', plate: ' mh12 de 1433 ', make: 'Mahindra', model: 'XUV700', color: 'White' });
    expect(first.statusCode).toBe(201);
    expect(first.json().result).toMatchObject({ vehicle_type: 'suv', plate: 'MH12 DE 1433', is_default: true, make: 'Mahindra' });
    const second = (await me.add({ vehicle_type: 'motorcycle', plate: 'KA01HH0001', make: '' })).json().result;
    expect(second).toMatchObject({ is_default: false, make: null });
    const switched = await me.patch(second.id, { is_default: true, color: 'Red' });
    expect(switched.json().result).toMatchObject({ is_default: true, color: 'Red' });
    const list = (await me.list()).json().result;
    expect(list.map((v: { id: string; is_default: boolean }) => [v.id, v.is_default])).toEqual([
      [second.id, true],
      [first.json().result.id, false],
    ]);
    expect((await me.remove(second.id)).json().result).toEqual({ id: second.id, deleted: true });
    // the remaining vehicle becomes the default
    expect((await me.list()).json().result).toEqual([expect.objectContaining({ id: first.json().result.id, is_default: true })]);
  });

  it('refuses bad input with field errors, duplicate plates, and strangers', async () => {
    const owner = await signUp(t.app);
    const me = vehicleCalls(owner.token);
    const bad = await me.add({ vehicle_type: 'spaceship', plate: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['vehicle_type', 'plate']));
    expect((await me.add({ vehicle_type: 'sedan', plate: 'DL 3C AB 1234', make: 'x'.repeat(41) })).statusCode).toBe(400);
    expect((await me.add({ vehicle_type: 'sedan', plate: 'DL <script>' })).statusCode).toBe(400);
    const v = (await me.add({ vehicle_type: 'sedan', plate: 'DL 3C AB 1234' })).json().result;
    const dup = await me.add({ vehicle_type: 'hatchback', plate: 'dl 3c ab 1234' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.plate).toMatch(/already/);
    const stranger = vehicleCalls((await signUp(t.app)).token);
    expect((await stranger.patch(v.id, { color: 'Blue' })).statusCode).toBe(404);
    expect((await stranger.remove(v.id)).statusCode).toBe(404);
    expect((await stranger.list()).json().result).toEqual([]);
    expect((await me.remove(randomUUID())).statusCode).toBe(404);
    expect((await me.remove('nope')).statusCode).toBe(404);
    expect((await vehicleCalls().list()).statusCode).toBe(401);
  });
});
