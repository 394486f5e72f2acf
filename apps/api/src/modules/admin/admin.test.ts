import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@parkly/shared/constants';
import { api, createTestApp, type TestContext } from '../../../test/helper';
import { createTestUser } from '../notifications/test-users';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('admin: the gate', () => {
  let t: TestContext;
  let guest: Awaited<ReturnType<typeof createTestUser>>;
  let host: Awaited<ReturnType<typeof createTestUser>>;
  let admin: Awaited<ReturnType<typeof createTestUser>>;
  /** every admin route the app has, read from its OpenAPI document, so a route added later is walked too */
  let routes: { method: Method; url: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    guest = await createTestUser(t.db, { name: 'Guest' });
    host = await createTestUser(t.db, { name: 'Host', host: true });
    admin = await createTestUser(t.db, { name: 'Admin', role: 'admin' });
    const doc = (await t.app.inject({ url: api('openapi.json') })).json() as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith(`${API_BASE}/admin/`))
      .flatMap(([path, ops]) =>
        Object.keys(ops)
          .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
          .map((m) => ({ method: m.toUpperCase() as Method, url: path.replace(/\{[^}]+\}/g, randomUUID()) })),
      );
  });
  afterAll(() => t.close());

  it('the OpenAPI document lists the console routes', () => {
    expect(routes.length).toBeGreaterThanOrEqual(2);
    expect(routes).toContainEqual({ method: 'GET', url: `${API_BASE}/admin/dashboard` });
  });

  it('every admin route answers 401 without a token, and 403 to a guest and to a host', async () => {
    for (const r of routes) {
      const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
      const anonymous = await t.app.inject({ method: r.method, url: r.url, payload: body });
      expect(anonymous.statusCode, `${r.method} ${r.url} without a token`).toBe(401);
      for (const who of [guest, host]) {
        const res = await t.app.inject({ method: r.method, url: r.url, headers: who.headers, payload: body });
        expect(res.statusCode, `${r.method} ${r.url} as a non-admin`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    }
  });

  it('paths under admin/ that no route has answer 401 and 403 too, and an admin gets the JSON 404', async () => {
    for (const url of [api('admin'), api('admin/'), api('admin/no-such-thing'), api('admin/users/x/y/z')]) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
        expect((await t.app.inject({ method, url, headers: host.headers })).statusCode, `${method} ${url}`).toBe(403);
        const asAdmin = await t.app.inject({ method, url, headers: admin.headers });
        expect(asAdmin.statusCode, `${method} ${url} as admin`).toBe(404);
        expect(asAdmin.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
    }
  });

  it('a revoked session is 401, not 403', async () => {
    await t.db.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [host.id]);
    expect((await t.app.inject({ url: api('admin/dashboard'), headers: host.headers })).statusCode).toBe(401);
  });
});
