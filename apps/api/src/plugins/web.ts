import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assertSafeKey, contentTypeOf, type Storage } from './storage';

/**
 * Serves uploaded public files under /uploads/ (from the local folder, or read from object storage
 * when the storage has none) and the built web app, with index.html for every
 * other GET so the app's router decides (unknown screens show 'Page Not Found'). Unknown /backend/
 * paths answer JSON 404.
 */
async function webPlugin(app: FastifyInstance, opts: { storage: Storage; webDistDir: string }) {
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
  const hasWeb = existsSync(join(opts.webDistDir, 'index.html'));
  if (hasWeb) {
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
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if ((request.method === 'GET' || request.method === 'HEAD') && hasWeb && !path.startsWith('/backend/') && !path.startsWith('/uploads/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', opts.webDistDir);
    }
    return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
  });
}

/**
 * /uploads/<key> read through the storage (object storage is never public itself). Keys are made by
 * the server and never reused, so answers may be cached for good; only public files are reachable.
 */
function serveUploadsFromStorage(app: FastifyInstance, storage: Storage) {
  const notFound = { message: 'Not found', code: 'NOT_FOUND' };
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    try {
      assertSafeKey(key);
    } catch {
      return reply.status(404).send(notFound);
    }
    const body = await storage.get(key, 'public');
    if (!body) return reply.status(404).send(notFound);
    return reply
      .header('content-type', contentTypeOf(key))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
}

export default fp(webPlugin, { name: 'web' });
