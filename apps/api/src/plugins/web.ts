import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves uploaded public files under /uploads/ and the built web app, with index.html for every
 * other GET so the app's router decides (unknown screens show 'Page Not Found'). Unknown /backend/
 * paths answer JSON 404.
 */
async function webPlugin(app: FastifyInstance, opts: { uploadsDir: string; webDistDir: string }) {
  await app.register(fastifyStatic, {
    root: opts.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '365d',
    immutable: true,
    index: false,
  });
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

export default fp(webPlugin, { name: 'web' });
