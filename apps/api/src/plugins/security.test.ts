import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestContext } from '../../test/helper';

/** The connect-src directive of an answer's CSP, as a list. */
async function connectSrc(t: TestContext, path = api('health')) {
  const csp = (await t.app.inject({ url: path })).headers['content-security-policy'] as string;
  const directive = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('connect-src '));
  return directive!.split(/\s+/).slice(1);
}

describe('the content security policy: connect-src', () => {
  let https: TestContext;
  let local: TestContext;
  beforeAll(async () => {
    https = await createTestApp({ PUBLIC_URL: 'https://parkly.example.com/' });
    local = await createTestApp({ PUBLIC_URL: 'http://127.0.0.1:4201' });
    // two apps, each migrating its own embedded database: slow on a loaded machine
  }, 180_000);
  afterAll(async () => {
    await https?.close();
    await local?.close();
  });

  it("names the app's own socket origin (wss: for an https PUBLIC_URL), never any ws: or wss: host", async () => {
    expect(await connectSrc(https)).toEqual(["'self'", 'wss://parkly.example.com']);
  });

  it('uses ws: with the port for an http PUBLIC_URL', async () => {
    expect(await connectSrc(local)).toEqual(["'self'", 'ws://127.0.0.1:4201']);
  });

  it('is the same on every answer, the web app and the socket path included', async () => {
    for (const path of ['/', '/parking', api('realtime'), api('no-such-thing')]) {
      const list = await connectSrc(https, path);
      expect(list, path).toEqual(["'self'", 'wss://parkly.example.com']);
      expect(list, path).not.toContain('ws:');
      expect(list, path).not.toContain('wss:');
    }
  });
});
