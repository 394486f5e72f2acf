import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestContext } from '../../../test/helper';

describe('system', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET health answers ok once the database answers', async () => {
    const res = await t.app.inject({ url: api('health') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('sets security headers with a content security policy', async () => {
    const res = await t.app.inject({ url: api('health') });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers JSON 404 for unknown backend paths', async () => {
    const res = await t.app.inject({ url: api('no-such-thing') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves the OpenAPI document and the docs UI', async () => {
    const doc = await t.app.inject({ url: api('openapi.json') });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toMatch(/^3\./);
    const ui = await t.app.inject({ url: '/backend/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });

  it('answers 503 when the database is gone', async () => {
    const other = await createTestApp();
    await other.db.close();
    const res = await other.app.inject({ url: api('health') });
    expect(res.statusCode).toBe(503);
    expect(res.body).not.toMatch(/pglite|postgres|stack/i);
    await other.app.close();
  });
});
