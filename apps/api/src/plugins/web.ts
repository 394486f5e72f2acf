import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import type { RenderedPage, RenderPage } from '@parkly/shared/rendering';
import { assertSafeKey, contentTypeOf, type Storage } from './storage';
import { WebShell } from './web-shell';

const NOT_FOUND = { message: 'Not found', code: 'NOT_FOUND' };

/** The app's requests while the server draws a page, in fetch's shape (as the web app's api-client sends them). */
type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

export interface WebOptions {
  storage: Storage;
  webDistDir: string;
  /** the web app's server renderer; without it, pages are rendered in the browser only */
  rendererFile?: string;
  /** the zone the server draws dates and times in (DEFAULT_TIMEZONE) */
  timeZone: string;
}

/**
 * Serves uploaded public files under /uploads/ (from the local folder, or read from object storage
 * when the storage has none) and the built web app, with index.html for every
 * other GET so the app's router decides (unknown screens show 'Page Not Found'); the page preloads
 * that screen's code (web-shell.ts). Unknown /backend/ paths answer JSON 404.
 */
async function webPlugin(app: FastifyInstance, opts: WebOptions) {
  if (opts.storage.localPublicDir !== undefined) {
    await app.register(fastifyStatic, {
      root: opts.storage.localPublicDir,
      prefix: '/uploads/',
      decorateReply: false,
      maxAge: '365d',
      immutable: true,
      index: false,
    });
  } else {
    serveUploadsFromStorage(app, opts.storage);
  }
  const shell = WebShell.load(opts.webDistDir);
  if (shell) {
    // only the pages are compressed here: the build's files come compressed already
    await app.register(compress, { global: false });
    await app.register(fastifyStatic, {
      root: opts.webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // the build writes .br and .gz copies; browsers that accept them get those
      preCompressed: true,
      // hashed assets never change; index.html and the service worker must always be fresh
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const render = opts.rendererFile && existsSync(opts.rendererFile) ? ((await import(pathToFileURL(opts.rendererFile).href)) as { render: RenderPage<ApiTransport> }).render : null;
    const api = inProcessApi(app);
    // Screens show dates and times in the browser's own zone; the server draws them as a browser in
    // Parkly's zone would (the API itself never reads the process's zone), so the page a driver gets is
    // the one their browser goes on with. An operator's TZ wins.
    if (render) process.env.TZ ||= opts.timeZone;
    // every other GET is a screen of the app (a route, so the compression hooks apply to it)
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const path = request.url.split('?', 1)[0] ?? '';
      if (path.startsWith('/backend/') || path.startsWith('/uploads/')) return reply.status(404).send(NOT_FOUND);
      // a page the renderer declines or cannot draw is served plain, and the browser draws it
      let page: RenderedPage | null = null;
      if (render) {
        try {
          page = await render(request.url, api);
        } catch (err) {
          request.log.warn({ err, url: request.url }, 'the page could not be rendered on the server; the browser renders it');
        }
      }
      return reply
        .status(page?.status ?? 200)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .compress(shell.render(path, page));
    });
  }
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(NOT_FOUND));
}

/**
 * The app's requests while the server draws a page, answered by this server in process, as a visitor's:
 * no session and nothing else of the browser's request, so one transport serves every page.
 */
function inProcessApi(app: FastifyInstance): ApiTransport {
  return async (url, init) => {
    const body = typeof init.body === 'string' ? init.body : undefined;
    const res = await app.inject({
      method: (init.method ?? 'GET') as HTTPMethods,
      url,
      headers: { accept: 'application/json', ...(body !== undefined && { 'content-type': 'application/json' }) },
      payload: body,
    });
    return new Response(res.rawPayload, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') } });
  };
}

/**
 * /uploads/<key> read through the storage (object storage is never public itself). Keys are made by
 * the server and never reused, so answers may be cached for good; only public files are reachable.
 */
function serveUploadsFromStorage(app: FastifyInstance, storage: Storage) {
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    try {
      assertSafeKey(key);
    } catch {
      return reply.status(404).send(NOT_FOUND);
    }
    const body = await storage.get(key, 'public');
    if (!body) return reply.status(404).send(NOT_FOUND);
    return reply
      .header('content-type', contentTypeOf(key))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
}

export default fp(webPlugin, { name: 'web' });
