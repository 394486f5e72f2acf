/**
 * Search benchmark: loads N listings and M bookings into PGlite or PostgreSQL, serves the real app
 * on an ephemeral port and measures GET parkings/search over HTTP in the mix the web app sends
 * (queries.ts: home page, city views, snapped map views, "Near me"; then searches with a time window)
 * against GET health on the same server, then EXPLAINs radius, map-view, price-sorted and motorcycle window searches.
 *
 *   npm run bench:search -- --quick
 *   npm run bench:search -- --db pglite --listings 10000 --bookings 100000
 *   npm run bench:search -- --db postgres --listings 100000 --bookings 1000000
 *
 * Prints a report and writes it to bench/results/<YYYY-MM-DD>-search-<label>.md (quick runs only with --record).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, freemem, loadavg, release, tmpdir, totalmem, type } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { API_BASE } from '@parkly/shared/constants';
import { searchQuerySchema } from '@parkly/shared/search';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import type { Database, PlannerSettings, Queryable } from '../../apps/api/src/db/database';
import { migrate } from '../../apps/api/src/db/migrate';
import { openPglite } from '../../apps/api/src/db/pglite';
import { openPostgres } from '../../apps/api/src/db/postgres';
import { search } from '../../apps/api/src/modules/search/search.service';
import { writeRunFile } from '../lib/results-file';
import { countData, generate, vacuumAnalyze, type GenerateStats } from './generate';
import type { LoadJob, LoadResult } from './load-worker';
import { KINDS, makeWindowlessQueries, makeWindowQueries, repeatShare, toQueryString, WINDOWLESS_KINDS, type BenchQuery, type QueryKind } from './queries';


const WORKER_URL = new URL('./load-worker.ts', import.meta.url).href;

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    listings: { type: 'string' },
    bookings: { type: 'string' },
    requests: { type: 'string' },
    'window-requests': { type: 'string' },
    label: { type: 'string', default: 'run' },
    concurrency: { type: 'string', default: '8' },
    warmup: { type: 'string' },
    serial: { type: 'string' },
    seed: { type: 'string', default: '42' },
    quick: { type: 'boolean', default: false },
    record: { type: 'boolean' },
    'no-record': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    'pglite-memory': { type: 'boolean', default: false },
    note: { type: 'string' },
    'db-name': { type: 'string', default: 'parkly_bench' },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});

if (args.help) {
  console.log(`npm run bench:search -- [options]
  --db pglite|postgres    database (PostgreSQL: BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
                          the benchmark creates and drops its own database the --db-name database)
  --listings N            listings to generate (10000; --quick 2000)
  --bookings M            bookings to generate (10 per listing; --quick 20000)
  --requests R            measured searches without a time window (2000; --quick 600)
  --window-requests R     measured searches with a time window (half of --requests)
  --concurrency C         requests in flight (8)
  --warmup W              search requests before measuring (300; --quick 100)
  --serial S              then S searches one at a time, the time a search takes without queueing (300; --quick 100; 0 skips)
  --seed S                seed of the data and of the queries (42)
  --quick                 2000 listings on PGlite, fewer requests, not recorded unless --record
  --no-record             do not write bench/results/<date>-search-<label>.md
  --label L               the run's name in that file name (run), e.g. before or after
  --note TEXT             a line to add to the recorded section (what changed)
  --db-name NAME          PostgreSQL: the benchmark's database (parkly_bench)
  --keep                  PostgreSQL: keep the --db-name database afterwards
  --reuse                 PostgreSQL: reuse a kept the --db-name database instead of generating again
  --pglite-memory         PGlite in memory instead of a temporary folder on disk`);
  process.exit(0);
}

const BENCH_DB = args['db-name'];
if (!/^[a-z_][a-z0-9_]*$/.test(BENCH_DB)) throw new Error('--db-name must be lower-case letters, digits and _');
const dbKind = args.db === 'postgres' ? 'postgres' : args.db === 'pglite' ? 'pglite' : null;
if (!dbKind) throw new Error('--db must be pglite or postgres');
const int = (v: string | undefined, fallback: number, name: string) => {
  const n = v === undefined ? fallback : Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
  return n;
};
const quick = args.quick;
const listings = int(args.listings, quick ? 2_000 : 10_000, 'listings');
const opts = {
  db: dbKind,
  listings,
  bookings: int(args.bookings, quick ? 20_000 : listings * 10, 'bookings'),
  requests: int(args.requests, quick ? 600 : 2_000, 'requests'),
  windowRequests: int(args['window-requests'], Math.round(int(args.requests, quick ? 600 : 2_000, 'requests') / 2), 'window-requests'),
  concurrency: Math.max(1, int(args.concurrency, 8, 'concurrency')),
  warmup: int(args.warmup, quick ? 100 : 300, 'warmup'),
  serial: int(args.serial, quick ? 100 : 300, 'serial'),
  seed: int(args.seed, 42, 'seed'),
};
const record = args['no-record'] ? false : (args.record ?? !quick);
if (!/^[a-z0-9-]+$/.test(args.label)) throw new Error('--label must be lower-case letters, digits and -');

const log = (line: string) => console.log(line);

// ---------------------------------------------------------------- database

interface Opened {
  db: Database;
  reused: boolean;
  version: string;
  close(): Promise<void>;
}

async function openBenchDatabase(dataDir: string): Promise<Opened> {
  if (dbKind === 'pglite') {
    const db = await openPglite(args['pglite-memory'] ? undefined : join(dataDir, 'db'));
    return { db, reused: false, version: await dbVersion(db), close: () => db.close() };
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DB}`;
  const admin = await openPostgres(adminUrl);
  const [exists] = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [BENCH_DB]);
  let reused = Boolean(exists) && args.reuse;
  if (!reused) {
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${BENCH_DB}`);
  }
  const db = await openPostgres(url.toString());
  if (reused) {
    const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM listings`).catch(() => [{ n: 0 }]);
    reused = (row?.n ?? 0) > 0;
  }
  return {
    db,
    reused,
    version: await dbVersion(db),
    async close() {
      await db.close();
      if (!args.keep) await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
      await admin.close();
    },
  };
}

async function dbVersion(db: Queryable) {
  const [row] = await db.query<{ v: string }>(`SELECT version() AS v`);
  const v = row?.v.split(' on ')[0] ?? '?';
  if (dbKind !== 'pglite') return v;
  return `PGlite ${pgliteVersion()} (${v}${args['pglite-memory'] ? ', in memory' : ', on disk'})`;
}

/** The installed PGlite's version, from the package.json above its entry point (the package does not export it). */
function pgliteVersion() {
  let dir = dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  for (let i = 0; i < 5; i++, dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === '@electric-sql/pglite') return pkg.version ?? '?';
  }
  return '?';
}

// ---------------------------------------------------------------- load

function runLoad(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // the worker is TypeScript too: a tiny bootstrap registers tsx in it, then loads it
    const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL)}); });`;
    const worker = new Worker(bootstrap, { eval: true, workerData: job });
    worker.once('message', (m: LoadResult | { fatal: string }) => {
      void worker.terminate();
      if ('fatal' in m) reject(new Error(m.fatal));
      else resolve(m);
    });
    worker.once('error', reject);
  });
}

interface Row {
  name: string;
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  rps?: number;
  matches?: number;
}

/** nearest-rank percentile of sorted values */
const percentile = (sorted: Float64Array, p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);

function summarize(name: string, latencies: number[], totals?: number[], rps?: number): Row {
  const sorted = Float64Array.from(latencies).sort();
  const mean = latencies.reduce((s, v) => s + v, 0) / (latencies.length || 1);
  const counted = totals?.filter((t) => t >= 0) ?? [];
  return {
    name,
    n: latencies.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mean,
    rps,
    matches: counted.length ? counted.reduce((s, v) => s + v, 0) / counted.length : undefined,
  };
}

function checkAnswers(what: string, r: LoadResult) {
  const bad = Object.entries(r.statuses).filter(([s]) => s !== '200');
  if (r.errors || bad.length) throw new Error(`${what}: ${r.errors} errors, statuses ${JSON.stringify(r.statuses)}; first: ${r.firstError}`);
}

/** Slices per measured phase, each followed by a slice of GET health. */
const SLICES = 5;

/** The results of several loads as one: their requests together, their times added up. */
function merge(results: LoadResult[]): LoadResult {
  const cat = <T extends Float64Array | Uint8Array>(make: (n: number) => T, pick: (r: LoadResult) => T) => {
    const out = make(results.reduce((n, r) => n + pick(r).length, 0));
    let at = 0;
    for (const r of results) {
      out.set(pick(r), at);
      at += pick(r).length;
    }
    return out;
  };
  const statuses: Record<number, number> = {};
  for (const r of results) for (const [k, v] of Object.entries(r.statuses)) statuses[Number(k)] = (statuses[Number(k)] ?? 0) + v;
  return {
    latenciesMs: cat((n) => new Float64Array(n), (r) => r.latenciesMs),
    labels: cat((n) => new Uint8Array(n), (r) => r.labels),
    totals: cat((n) => new Float64Array(n), (r) => r.totals),
    statuses,
    errors: results.reduce((n, r) => n + r.errors, 0),
    firstError: results.find((r) => r.firstError)?.firstError,
    elapsedMs: results.reduce((n, r) => n + r.elapsedMs, 0),
  };
}

// ---------------------------------------------------------------- EXPLAIN

interface Explained {
  title: string;
  query: string;
  executionMs: number;
  planningMs: number;
  scans: string[];
  seqScans: string[];
  plan: string;
}

/** EXPLAIN (ANALYZE, BUFFERS) of the exact SQL the app runs for a search: the service is called with a database that only records it. */
async function explain(db: Database, guestFeePercent: number, title: string, query: Record<string, string>): Promise<Explained> {
  // the statement the search runs, and the planner settings it runs it with
  let captured: { sql: string; params: unknown[]; settings: PlannerSettings } | undefined;
  const recorder = (settings: PlannerSettings): Pick<Database, 'query' | 'tuned'> => ({
    async query<T>(sql: string, params?: unknown[]) {
      captured = { sql, params: params ?? [], settings };
      return [] as T[];
    },
    tuned: (more) => recorder({ ...settings, ...more }),
  });
  await search(recorder({}), (k) => k, searchQuerySchema.parse(query), { guestFeePercent });
  if (!captured) throw new Error('the search ran no SQL');
  const { sql: text, params, settings } = captured;
  const sql = `EXPLAIN (ANALYZE, BUFFERS) ${text}`;
  const rows = await db.transaction(async (tx) => {
    for (const [k, v] of Object.entries(settings)) await tx.query(`SET LOCAL ${k} = ${v}`);
    await tx.query(sql, params); // once to warm, then the one reported
    return tx.query<{ 'QUERY PLAN': string }>(sql, params);
  });
  const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
  const scans = [...plan.matchAll(/((?:Parallel )?(?:Seq Scan|Index Scan|Index Only Scan|Bitmap Heap Scan|Bitmap Index Scan)(?: Backward)?(?: using \S+)? on \S+(?: \S+)?)/g)]
    .map((m) => m[1]!.replace(/\s+\(.*$/, '').trim())
    .filter((s, i, all) => all.indexOf(s) === i);
  return {
    title,
    query: toQueryString(query),
    executionMs: Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? NaN),
    planningMs: Number(/Planning Time: ([\d.]+)/.exec(plan)?.[1] ?? NaN),
    scans,
    seqScans: scans.filter((s) => /Seq Scan on (listings|bookings)\b/.test(s)),
    plan,
  };
}

function explainQueries(): { title: string; query: Record<string, string> }[] {
  const todayIst = Math.floor((Date.now() + 5.5 * 3_600_000) / 86_400_000) * 86_400_000 - 5.5 * 3_600_000;
  const start = new Date(todayIst + 86_400_000 + 9 * 3_600_000).toISOString(); // tomorrow 09:00 IST
  const end = new Date(todayIst + 86_400_000 + 18 * 3_600_000).toISOString(); // tomorrow 18:00 IST
  return [
    { title: 'radius 5 km + window (central Bengaluru, tomorrow 09:00-18:00 IST)', query: { lat: '12.9716', lng: '77.5946', radius_km: '5', start, end } },
    { title: 'bbox 0.1° + window (central Mumbai, tomorrow 09:00-18:00 IST)', query: { bbox: '72.8277,19.0360,72.9277,19.1160', start, end } },
    { title: 'radius 5 km + window by price (central Delhi, tomorrow 09:00-18:00 IST)', query: { lat: '28.6139', lng: '77.2090', radius_km: '5', start, end, sort: 'price' } },
    {
      title: 'radius 5 km + window, motorcycle (central Bengaluru, tomorrow 09:00-18:00 IST)',
      query: { lat: '12.9716', lng: '77.5946', radius_km: '5', start, end, vehicle_type: 'motorcycle' },
    },
    {
      title: 'radius 30 km + window by price, motorcycle (Bengaluru, tomorrow 09:00-18:00 IST)',
      query: { lat: '12.9716', lng: '77.5946', radius_km: '30', start, end, sort: 'price', vehicle_type: 'motorcycle' },
    },
  ];
}

// ---------------------------------------------------------------- report

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');

function table(rows: Row[]): string {
  const head = '| calls | requests | p50 ms | p95 ms | p99 ms | mean ms | req/s | avg matches |';
  const line = '|---|--:|--:|--:|--:|--:|--:|--:|';
  const body = rows.map(
    (r) => `| ${r.name} | ${r.n} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.mean)} | ${r.rps === undefined ? '' : r.rps.toFixed(0)} | ${r.matches === undefined ? '' : r.matches.toFixed(0)} |`,
  );
  return [head, line, ...body].join('\n');
}

async function main() {
  const machine = {
    cpus: `${cpus().length} × ${cpus()[0]?.model.trim() ?? '?'}`,
    memory: `${(totalmem() / 2 ** 30).toFixed(0)} GiB (${(freemem() / 2 ** 30).toFixed(0)} GiB free)`,
    os: `${type()} ${release()}`,
    node: process.version,
    load: loadavg()
      .map((v) => v.toFixed(2))
      .join(' '),
  };
  log(`Search benchmark: ${JSON.stringify(opts)}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'parkly-bench-'));
  const opened = await openBenchDatabase(dataDir);
  const { db } = opened;
  try {
    await migrate(db);
    let data: GenerateStats;
    if (opened.reused) {
      data = { ...(await countData(db)), seconds: 0 };
      log(`Reusing ${BENCH_DB}: ${data.listings} listings, ${data.bookings} bookings`);
      // a migration since the last run may have rewritten a table: vacuum as autovacuum would have
      await vacuumAnalyze(db, log);
    } else {
      log(`Generating ${opts.listings} listings and ${opts.bookings} bookings on ${opened.version}`);
      data = await generate(db, { listings: opts.listings, bookings: opts.bookings, seed: opts.seed, log });
      log(`  done in ${data.seconds.toFixed(1)} s`);
    }

    const config = loadConfig({ DATA_DIR: dataDir, RATE_LIMITS: '0', LOG_LEVEL: 'silent', NODE_ENV: 'production', GUEST_FEE_PERCENT: '5' });
    const app = await buildApp({ config, db, webDistDir: join(dataDir, 'no-web') });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const base = `${API_BASE}/parkings/search?`;
      const job = (qs: BenchQuery[], over: Partial<LoadJob>): LoadJob => ({
        port,
        paths: qs.map((q) => base + toQueryString(q.query)),
        labels: qs.map((q) => KINDS.indexOf(q.kind)),
        concurrency: opts.concurrency,
        readTotal: true,
        ...over,
      });
      const warmPlain = makeWindowlessQueries(opts.warmup, opts.seed + 1);
      const warmWindow = makeWindowQueries(Math.round(opts.warmup / 2), opts.seed + 1);
      const plain = makeWindowlessQueries(opts.requests, opts.seed);
      const windowed = makeWindowQueries(opts.windowRequests, opts.seed);

      log(`Warming up: ${warmPlain.length} searches without a time window, ${warmWindow.length} with one`);
      checkAnswers('warm-up', await runLoad(job(warmPlain, { requests: warmPlain.length })));
      checkAnswers('warm-up', await runLoad(job(warmWindow, { requests: warmWindow.length })));
      // the machine may be shared, its load drifting: each phase runs in slices, each followed by as long a
      // slice of GET health, so a ratio compares searches and health measured under the same load
      const healthPath = `${API_BASE}/health`;
      const healthJob = (over: Partial<LoadJob>): LoadJob => ({ port, paths: [healthPath], labels: [0], concurrency: opts.concurrency, readTotal: false, ...over });
      checkAnswers('health warm-up', await runLoad(healthJob({ requests: 500 })));
      const phase = async (what: string, qs: BenchQuery[]) => {
        const searches: LoadResult[] = [];
        const health: LoadResult[] = [];
        const per = Math.ceil(qs.length / SLICES);
        for (let i = 0; i < SLICES; i++) {
          const slice = qs.slice(i * per, (i + 1) * per);
          if (!slice.length) break;
          const r = await runLoad(job(slice, { requests: slice.length }));
          checkAnswers(what, r);
          searches.push(r);
          const hr = await runLoad(healthJob({ durationMs: Math.max(500, r.elapsedMs) }));
          checkAnswers('health', hr);
          health.push(hr);
        }
        return { s: merge(searches), h: merge(health) };
      };
      log(`Measuring: ${plain.length} searches without a time window at concurrency ${opts.concurrency}, in ${SLICES} slices each followed by GET health`);
      const { s, h: hPlain } = await phase('search without a window', plain);
      log(`Measuring: ${windowed.length} searches with a time window at concurrency ${opts.concurrency}, the same way`);
      const { s: sw, h: hWindow } = await phase('search with a window', windowed);
      const h = merge([hPlain, hWindow]);
      const healthMs = h.elapsedMs;

      let serial: LoadResult | undefined;
      if (opts.serial > 0) {
        log(`Measuring: ${opts.serial} searches one at a time`);
        const third = Math.round(opts.serial / 3);
        const serialQueries = [...makeWindowlessQueries(opts.serial - third, opts.seed + 2), ...makeWindowQueries(third, opts.seed + 2)];
        serial = await runLoad(job(serialQueries, { requests: serialQueries.length, concurrency: 1 }));
        checkAnswers('serial search', serial);
      }

      const rps = (r: LoadResult) => (r.latenciesMs.length / r.elapsedMs) * 1000;
      const healthRps = rps(h);
      const byKind = (r: LoadResult, kinds: readonly QueryKind[], suffix: string): Row[] =>
        kinds.map((kind) => {
          const k = KINDS.indexOf(kind);
          const idx = [...r.labels.keys()].filter((i) => r.labels[i] === k);
          return summarize(
            `search: ${kind}${suffix}`,
            idx.map((i) => r.latenciesMs[i]!),
            idx.map((i) => r.totals[i]!),
          );
        });
      const plainAll = summarize('**search without a window: all**', [...s.latenciesMs], [...s.totals], rps(s));
      const windowAll = summarize('**search with a window**', [...sw.latenciesMs], [...sw.totals], rps(sw));
      const everything = summarize('search: both together', [...s.latenciesMs, ...sw.latenciesMs], [...s.totals, ...sw.totals]);
      const rows: Row[] = [...byKind(s, WINDOWLESS_KINDS, ''), plainAll, windowAll, everything, summarize('health', [...h.latenciesMs], undefined, healthRps)];
      if (serial) {
        const c1 = ' (one at a time)';
        rows.push(...byKind(serial, KINDS, c1), summarize(`**search: all${c1}**`, [...serial.latenciesMs], [...serial.totals], rps(serial)));
      }
      const plainRatio = rps(s) / rps(hPlain);
      const windowRatio = rps(sw) / rps(hWindow);

      // what repeats: each measured search whose exact query was asked before in this run (warm-up included)
      const seen = new Set([...warmPlain, ...warmWindow].map((q) => toQueryString(q.query)));
      const repeats = repeatShare([...plain, ...windowed], seen);
      const WHY: Record<QueryKind, string> = {
        home: 'every visitor without a stored position gets the same "Spaces in Bengaluru" query',
        city: 'a city picked in the search bar is the gazetteer\'s point, 30 km, one of three sorts: 18 queries in all',
        map: '"Search this area" boxes snapped to half a tile at zoom 13-14: views around the same neighbourhood share one',
        near: 'around the person\'s own position: practically never the same twice',
        window: 'a time window: answered fresh every time (never cached), whether repeated or not',
      };
      const repeatLines = [
        '| kind | share of its phase | searches | distinct queries | repeats (asked before in this run) | why |',
        '|---|--:|--:|--:|--:|---|',
        ...KINDS.flatMap((kind) => {
          const r = repeats.get(kind);
          if (!r) return [];
          const total = kind === 'window' ? windowed.length : plain.length;
          return [`| ${kind} | ${((r.n / total) * 100).toFixed(0)}% | ${r.n} | ${r.distinct.size} | ${((r.repeats / r.n) * 100).toFixed(0)}% | ${WHY[kind]} |`];
        }),
      ];
      const plainRepeats = WINDOWLESS_KINDS.reduce((acc, k) => acc + (repeats.get(k)?.repeats ?? 0), 0) / plain.length;

      log('EXPLAIN (ANALYZE, BUFFERS)');
      const explained: Explained[] = [];
      for (const e of explainQueries()) explained.push(await explain(db, config.GUEST_FEE_PERCENT, e.title, e.query));

      const isTarget = dbKind === 'postgres' && data.listings >= 100_000;
      const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
      const target = (ok: boolean) => (isTarget ? `: **${verdict(ok)}**` : ' (not this setup; for reference)');
      const goals = [
        `- searches without a time window: ${rps(s).toFixed(0)} req/s = **${plainRatio.toFixed(2)}** of GET health's ${rps(hPlain).toFixed(0)} req/s in the slices between them: floor 0.35, goal 0.5${target(plainRatio >= 0.35)}`,
        `- searches with a time window: ${rps(sw).toFixed(0)} req/s = **${windowRatio.toFixed(2)}** of GET health's ${rps(hWindow).toFixed(0)} req/s in the slices between them: floor 0.12, goal 0.2${target(windowRatio >= 0.12)}`,
        `- search p95 (both phases together) ${ms(everything.p95)} ms (without a window ${ms(plainAll.p95)} ms, with one ${ms(windowAll.p95)} ms): floor 50 ms at 100k listings on PostgreSQL${target(everything.p95 <= 50)}`,
        `- ${(plainRepeats * 100).toFixed(0)}% of the searches without a window repeat one asked before in the run (the share the cache can answer)`,
      ];
      const explainLines = explained.flatMap((e) => [
        `- ${e.title}: execution ${ms(e.executionMs)} ms (planning ${ms(e.planningMs)} ms); ` +
          `Seq Scan on listings or bookings: **${e.seqScans.length ? `YES (${e.seqScans.join('; ')})` : 'none'}**`,
        `  - scans: ${e.scans.map((x) => `\`${x}\``).join(', ')}`,
      ]);
      const dbLabel = dbKind === 'postgres' ? 'PostgreSQL' : 'PGlite';
      const title = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${dbLabel}, ${data.listings.toLocaleString('en-US')} listings, ${data.bookings.toLocaleString('en-US')} bookings${quick ? ' (quick)' : ''}`;
      const section = [
        `## ${title}`,
        '',
        ...(args.note ? [args.note, ''] : []),
        `- machine: ${machine.cpus}, ${machine.memory}, ${machine.os}, Node ${machine.node}, load average before the run ${machine.load}`,
        `- database: ${opened.version}`,
        `- data: ${data.listings} listings, ${data.units} units, ${data.bookings} bookings (${data.blockingBookings} blocking, ${data.riderBookings} of one two-wheeler bay), ${data.blackouts} blackouts, ${data.withOpeningHours} with opening hours` +
          (data.seconds ? `; generated in ${data.seconds.toFixed(0)} s` : '; reused'),
        `- load: ${plain.length} searches without a time window, then ${windowed.length} with one (seed ${opts.seed}), after ${warmPlain.length} + ${warmWindow.length} warm-up, concurrency ${opts.concurrency}, over HTTP on 127.0.0.1 (load generator in a worker thread of the same process); each phase in ${SLICES} slices, each followed by as long a slice of GET health (${(healthMs / 1000).toFixed(1)} s of health in all)` +
          (serial ? `; then ${opts.serial} other searches one at a time (no queueing: the time one search takes)` : ''),
        '',
        table(rows),
        '',
        ...goals,
        '',
        '**What repeats, and why** (the mix is in bench/search/queries.ts):',
        '',
        ...repeatLines,
        '',
        '**EXPLAIN (ANALYZE, BUFFERS)** of the search SQL as the app runs it:',
        '',
        ...explainLines,
        '',
        ...explained.flatMap((e) => ['<details><summary>plan: ' + e.title + '</summary>', '', '```', `-- ${e.query}`, e.plan, '```', '', '</details>', '']),
      ].join('\n');

      console.log(`\n${section}`);
      if (record) {
        // one file per run (bench/results/<YYYY-MM-DD>-search-<label>.md)
        const file = writeRunFile('search', args.label, `# bench/search: ${args.label}\n\n${section}\n`);
        log(`Written to bench/${file}`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await opened.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
