import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/** Hands the opened database to every route; the caller that opened it closes it. */
async function dbPlugin(app: FastifyInstance, opts: { db: Database }) {
  app.decorate('db', opts.db);
}

export default fp(dbPlugin, { name: 'db' });
