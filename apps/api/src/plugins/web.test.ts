import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestContext } from '../../test/helper';

const INDEX = `<!doctype html>
<html>
  <head>
    <meta name="description" content="${'Find and book parking by the hour, day or month. '.repeat(30)}" />
    <script type="module" crossorigin src="/assets/app.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** The built app's web folder as the build leaves it: index.html, hashed assets and the route preloads. */
function fakeWebDist(dir: string) {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("app")');
  const routes = [
    { path: '/', files: ['/assets/home.js'] },
    { path: '/parking/:parking_id', files: ['/assets/listing.js', '/assets/gallery.js'] },
  ];
  writeFileSync(join(dir, 'route-preloads.json'), JSON.stringify({ routes }));
}

/** The app with a built web folder and, given its source, a server renderer. */
function withWeb(rendererSource?: string) {
  return (dataDir: string) => {
    const webDistDir = join(dataDir, 'web');
    fakeWebDist(webDistDir);
    if (rendererSource === undefined) return { webDistDir };
    const rendererFile = join(dataDir, 'entry-server.mjs');
    writeFileSync(rendererFile, rendererSource);
    return { webDistDir, rendererFile };
  };
}

describe('serving the web app', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({}, withWeb());
  });
  afterAll(() => t.close());

  it("a screen's page preloads that screen's code", async () => {
    const res = await t.app.inject({ url: '/parking/0a6b3e62-6a5e-4f1e-9d7c-3f0e2a1b4c5d?from=share' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/listing.js">');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/gallery.js">');
    expect(res.body.indexOf('/assets/gallery.js')).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('the home page preloads its own code and no other screen’s', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.body).toContain('href="/assets/home.js"');
    expect(res.body).not.toContain('listing.js');
  });

  it('an unknown screen gets the plain page (the app shows Page Not Found)', async () => {
    const res = await t.app.inject({ url: '/no/such/screen' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });

  it('pages are compressed for browsers that accept it', async () => {
    const res = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('/assets/home.js');
  });

  it('serves the built files, and JSON 404 for unknown backend and upload paths', async () => {
    const asset = await t.app.inject({ url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const url of [api('no-such-call'), '/uploads/no-such-file.webp']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/parking' });
    expect(post.statusCode).toBe(404);
  });

  it('a malformed address is a bad request, not a server error', async () => {
    const res = await t.app.inject({ url: '/parking/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });
});

/**
 * A stand-in for the web app's server build (apps/web/dist-ssr/entry-server.js): it draws a screen from
 * the API's own answer, as the real one does, and fails or declines where the real one would.
 */
const FAKE_RENDERER = `
export async function render(url, api) {
  const path = url.split('?')[0];
  if (path === '/account') return null;
  if (path === '/broken') throw new Error('window is not defined');
  const res = await api('/backend/api/v1/health', { method: 'GET' });
  const health = await res.json();
  const html = '<link rel="preload" as="image" href="/hero.webp"/><title>Drawn · Parkly</title><main>status ' + health.status + '</main>';
  return { html, state: { note: '</script><script>alert(1)</script>', url }, status: path === '/missing' ? 404 : 200 };
}`;

describe('pages drawn on the server', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({}, withWeb(FAKE_RENDERER));
  });
  afterAll(() => t.close());

  it('the screen comes in the page, drawn with answers from the API, its title and preloads in the head', async () => {
    const res = await t.app.inject({ url: '/parking/0a6b3e62-6a5e-4f1e-9d7c-3f0e2a1b4c5d' });
    expect(res.statusCode).toBe(200);
    const [head, body] = res.body.split('</head>') as [string, string];
    expect(body).toContain('<div id="root"><main>status ok</main></div>');
    expect(head).toContain('<title>Drawn · Parkly</title>');
    expect(head).toContain('<link rel="preload" as="image" href="/hero.webp"/>');
    expect(head).toContain('href="/assets/listing.js"');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
  });

  it('the data goes along as JSON that cannot end its script element', async () => {
    const res = await t.app.inject({ url: '/?q=%3C%2Fscript%3E' });
    const script = /<script type="application\/json" id="parkly-state">(.*?)<\/script>/s.exec(res.body);
    expect(script).not.toBeNull();
    expect(script![1]).not.toContain('</script>');
    expect(JSON.parse(script![1]!)).toEqual({ note: '</script><script>alert(1)</script>', url: '/?q=%3C%2Fscript%3E' });
  });

  it("an unknown screen answers 404 with the app's Page Not Found drawn", async () => {
    const res = await t.app.inject({ url: '/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<main>status ok</main>');
  });

  it('a screen the renderer declines (behind login) or fails on is the plain page, which the browser draws', async () => {
    for (const url of ['/account', '/broken']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('parkly-state');
    }
  });
});
