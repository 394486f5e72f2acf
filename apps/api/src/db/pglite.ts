import { PGlite, types } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { STATEMENT_TIMEOUT_MS, checkSettings, type Database, type Queryable } from './database';

/**
 * PGlite has a single connection. Every query and every transaction takes its turn in one queue,
 * and a transaction keeps its turn until it ends, so no statement from elsewhere lands inside it.
 */
class Queue {
  private tail: Promise<unknown> = Promise.resolve();
  /** calls taken and not finished: the one running and those waiting behind it */
  private taken = 0;
  run<T>(fn: () => Promise<T>): Promise<T> {
    this.taken += 1;
    const next = this.tail.then(fn, fn).finally(() => (this.taken -= 1));
    this.tail = next.catch(() => undefined);
    return next;
  }
  get length() {
    return this.taken;
  }
}

/** PGlite can also hand over its whole data folder, which backups keep (its own dump, a gzipped tarball). */
export interface PgliteDatabase extends Database {
  dumpDataDir(): Promise<Blob>;
}

/** `loadDataDir`: a dump to fill a new, empty folder with (a restore). */
export async function openPglite(dataDir?: string, opts: { loadDataDir?: Blob } = {}): Promise<PgliteDatabase> {
  const pg = await PGlite.create({
    dataDir,
    loadDataDir: opts.loadDataDir,
    extensions: { btree_gist, citext, cube, earthdistance, pg_trgm },
    parsers: { [types.INT8]: (v: string) => Number(v) },
  });
  await pg.exec(`SET statement_timeout = ${STATEMENT_TIMEOUT_MS}; SET TIME ZONE 'UTC';`);
  const queue = new Queue();
  const direct: Queryable = {
    async query<T>(text: string, params?: unknown[]) {
      return (await pg.query<T>(text, params)).rows;
    },
  };
  const transaction: Database['transaction'] = (fn) =>
    queue.run(async () => {
      await pg.exec('BEGIN');
      try {
        const result = await fn(direct);
        await pg.exec('COMMIT');
        return result;
      } catch (err) {
        await pg.exec('ROLLBACK');
        throw err;
      }
    });
  return {
    kind: 'pglite',
    query: (text, params) => queue.run(() => direct.query(text, params)),
    exec: (sql) => queue.run(async () => void (await pg.exec(sql))),
    transaction,
    tuned(settings) {
      const set = checkSettings(settings)
        .map(([k, v]) => `SET LOCAL ${k} = ${v};`)
        .join(' ');
      return {
        query: (text, params) =>
          transaction(async (tx) => {
            await pg.exec(set);
            return tx.query(text, params);
          }),
      };
    },
    // LISTEN takes its turn like any statement, so it never lands inside a transaction
    listen: async (channel, onNotify) => {
      const unlisten = await queue.run(() => pg.listen(channel, onNotify));
      return () => queue.run(() => unlisten());
    },
    pools: () => {
      const inUse = Math.min(queue.length, 1);
      return [{ pool: 'main', max: 1, inUse, idle: 1 - inUse, waiting: queue.length - inUse }];
    },
    // takes its turn like a transaction, so the dump never catches one half done
    dumpDataDir: () => queue.run(() => pg.dumpDataDir('gzip')),
    close: () => queue.run(() => pg.close()),
  };
}
