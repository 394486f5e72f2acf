import { createHash } from 'node:crypto';
import pg from 'pg';
import { STATEMENT_TIMEOUT_MS, checkSettings, type Database, type PlannerSettings, type Queryable } from './database';

pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** A pool's connection is replaced after this many statements, which also drops the statements it prepared. */
const TUNED_MAX_USES = 10_000;
const MAIN_MAX_USES = 50_000;

/**
 * A tuned pool's sessions keep one generic plan per prepared statement from its first run. By default
 * PostgreSQL plans the first five runs for their values (a custom plan) and compares: with the search's
 * many statement texts (one per combination of filters, sort and stay) and 8 connections, most searches of
 * a benchmark run were still being planned, and planning a window search costs about what running it does
 * (bench/search/profile-window.ts; decision 027). The search's plans do not depend on the values: the walk
 * is fixed by its shape (the nearest-neighbour scan, or the ranked CTE behind OFFSET 0), and the geometric
 * conditions' estimates are constants either way.
 */
const GENERIC_PLANS: [string, string][] = [['plan_cache_mode', 'force_generic_plan']];

const names = new Map<string, string>();
/** A statement's name, from its text (remembered: hashing every call showed in the server's profile). */
function nameOf(text: string) {
  let name = names.get(text);
  if (!name) {
    if (names.size >= 5_000) names.clear();
    name = `p_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}

/**
 * A statement with parameters is one of the app's fixed texts (values never go into the text): sent as
 * a named statement, PostgreSQL parses it once per connection instead of at every call, and after five
 * runs keeps a generic plan when that costs no more than planning each call (bench/bookings: planning
 * was most of the server's time on its short statements). A text without parameters (migrations,
 * scripts) is sent as it is.
 */
const statement = (text: string, values?: unknown[]): pg.QueryConfig => (values?.length ? { name: nameOf(text), text, values } : { text, values });

export async function openPostgres(connectionString: string): Promise<Database> {
  let closing = false;
  const pools: { name: string; pool: pg.Pool }[] = [];
  const openPool = (name: string, settings: [string, string][], extra: pg.PoolConfig = {}) => {
    const options = [['TimeZone', 'UTC'], ...settings].map(([k, v]) => `-c ${k}=${v}`).join(' ');
    const pool = new pg.Pool({ connectionString, max: 10, statement_timeout: STATEMENT_TIMEOUT_MS, options, ...extra });
    // An idle pooled connection can be cut by the server (a restart, an administrator, a dropped
    // database at the end of a test run). The pool drops that connection and opens a new one when
    // needed; without this listener the 'error' event would end the process.
    pool.on('error', (err) => {
      if (!closing) console.error(`PostgreSQL: an idle connection was closed (${err.message}); it will be replaced`);
    });
    pools.push({ name, pool });
    return pool;
  };
  const pool = openPool('main', [], { maxUses: MAIN_MAX_USES });
  // fail fast with a clear message when the server is not there
  await pool.query('SELECT 1');

  const tuned = new Map<string, Queryable>();
  const listeners = new Set<() => Promise<void>>();
  return {
    kind: 'postgres',
    async query<T>(text: string, params?: unknown[]) {
      return (await pool.query(statement(text, params))).rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      const tx: Queryable = {
        async query<T>(text: string, params?: unknown[]) {
          return (await client.query(statement(text, params))).rows as T[];
        },
      };
      try {
        await client.query('BEGIN');
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    tuned(settings: PlannerSettings) {
      const entries = checkSettings(settings);
      const key = JSON.stringify(entries);
      let q = tuned.get(key);
      if (!q) {
        // the pool is named by the caller's settings; its sessions also plan each prepared statement once
        // (plan_cache_mode), see GENERIC_PLANS
        const own = openPool(`tuned:${entries.map(([k, v]) => `${k}=${v}`).join(',')}`, [...GENERIC_PLANS, ...entries], {
          max: 8,
          maxUses: TUNED_MAX_USES,
        });
        q = {
          // a named statement is parsed and planned once per connection, at its first run
          async query<T>(text: string, values?: unknown[]) {
            return (await own.query({ name: nameOf(text), text, values })).rows as T[];
          },
        };
        tuned.set(key, q);
      }
      return q;
    },
    listen: (channel, onNotify, onReconnect) => listenOn(connectionString, channel, onNotify, onReconnect, listeners),
    pools: () =>
      pools.map(({ name, pool: p }) => ({
        pool: name,
        max: p.options.max,
        inUse: p.totalCount - p.idleCount,
        idle: p.idleCount,
        waiting: p.waitingCount,
      })),
    close: async () => {
      closing = true;
      await Promise.all([...listeners].map((stop) => stop()));
      await Promise.all(pools.map(({ pool: p }) => p.end()));
    },
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to others). When the connection is
 * lost it is re-opened after a short wait and LISTENs again; `onReconnect` then lets the caller fetch
 * what was notified in between.
 */
async function listenOn(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect: (() => void) | undefined,
  listeners: Set<() => Promise<void>>,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  const open = async () => {
    const c = new pg.Client({ connectionString, options: '-c TimeZone=UTC' });
    c.on('notification', (msg) => {
      if (msg.channel === channel) onNotify(msg.payload ?? '');
    });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
  };
  const lost = (c: pg.Client) => {
    if (stopped || client !== c || retry) return;
    client = null;
    c.end().catch(() => undefined);
    const again = () => {
      retry = setTimeout(() => {
        open()
          .then(() => {
            retry = null;
            onReconnect?.();
          })
          .catch(again);
      }, 1_000);
      retry.unref();
    };
    again();
  };
  await open();
  const stop = async () => {
    stopped = true;
    listeners.delete(stop);
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
  listeners.add(stop);
  return stop;
}
