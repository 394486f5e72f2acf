/**
 * Bookings benchmark: a fresh database with instant-book listings and signed-in guests, the real app
 * on an ephemeral port, then over HTTP:
 * 1. throughput: book + pay pairs for stays that never compete, at concurrency C for a fixed time:
 *    bookings committed per second and the latency of the pair and of each call;
 * 2. where the time goes: a shorter run with every statement timed, and EXPLAIN ANALYZE of the costliest;
 * 3. contention: many guests booking overlapping stays of a few one-unit and three-unit listings at
 *    once; afterwards SQL counts live bookings of one unit that overlap, which must be none (exit 1 if not).
 *
 *   npm run bench:bookings -- --quick
 *   npm run bench:bookings -- --db postgres
 *
 * Prints a table and writes it to a run file of its own, bench/results/<YYYY-MM-DD>-bookings-<label>.md
 * (quick runs only with --record).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { bikeStays, contendedStays, extensionStays, tallyBikes, tallyContention, tallyExtensions } from './contention';
import type { AttemptsJob, AttemptsResult, DriveJob, HealthResult, PairsJob, PairsResult } from './drive-worker';
import { cpuProfile } from './cpu-profile-session';
import { summarizeProfile } from '../lib/cpu-profile';
import { explainStatement, machineJiffies, postgresCpu, postgresCpuSpent, procCpuMs, timedDatabase } from './profile';
import { contentionTable, explainLines, latencyTable, ms, statementTable, statuses, summarize } from './report';
import { openBenchDatabase } from '../lib/bench-database';
import { writeRunFile } from '../lib/results-file';
import { BENCH_DB, BIKE_BAYS, countOverlaps, createData, liveBookingsOf } from './setup';

const WORKER_URL = new URL('./drive-worker.ts', import.meta.url).href;
const HOUR = 3_600_000;

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    listings: { type: 'string' },
    units: { type: 'string', default: '3' },
    guests: { type: 'string' },
    bookings: { type: 'string' },
    concurrency: { type: 'string', default: '16' },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    profile: { type: 'string' },
    waves: { type: 'string' },
    'per-wave': { type: 'string' },
    'contention-concurrency': { type: 'string', default: '64' },
    seed: { type: 'string', default: '42' },
    quick: { type: 'boolean', default: false },
    record: { type: 'boolean' },
    'no-record': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    note: { type: 'string' },
    label: { type: 'string' },
    'db-name': { type: 'string', default: BENCH_DB },
    port: { type: 'string', default: '0' },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});

if (args.help) {
  console.log(`npm run bench:bookings -- [options]
  --db pglite|postgres        database (PostgreSQL: BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
                              the benchmark creates and drops its own database ${BENCH_DB})
  --listings N                instant-book listings for the throughput run (2000; --quick 300)
  --units U                   units per listing (3)
  --guests M                  guests with a session (1000; --quick 200)
  --bookings B                earlier bookings per unit of those listings, half past, half 40+ days ahead (10; --quick 4)
  --concurrency C             book + pay pairs in flight (16)
  --duration S                seconds of the measured throughput run (30; --quick 5)
  --warmup S                  seconds of book + pay before measuring (5; --quick 1)
  --profile S                 seconds of book + pay with every statement timed, then EXPLAIN ANALYZE (10; --quick 2; 0 skips)
  --waves W                   contention: rounds of overlapping stays per listing (5; --quick 1), on 4 one-unit and 4 three-unit listings
  --per-wave G                contention: guests competing for each listing in each wave (24; --quick 12)
  --contention-concurrency K  contention: bookings in flight (64)
  --seed S                    seed of the contention stays (42)
  --quick                     small and short (about a minute on a quiet machine), not recorded unless --record
  --no-record                 do not write a run file
  --label L                   the run file's label: bench/results/<date>-bookings-<L>.md (default: the database, -quick)
  --note TEXT                 a line to add to the run file (what changed)
  --keep                      PostgreSQL: keep ${BENCH_DB} afterwards
  --db-name NAME              PostgreSQL: the database to create and drop (${BENCH_DB}), e.g. one per worktree
  --port P                    the API's port (0: an ephemeral one)`);
  process.exit(0);
}

const dbName = args['db-name'];
if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error('--db-name must be lower-case letters, digits and _');
const dbKind = args.db === 'postgres' ? 'postgres' : args.db === 'pglite' ? 'pglite' : null;
if (!dbKind) throw new Error('--db must be pglite or postgres');
const int = (v: string | undefined, fallback: number, name: string) => {
  const n = v === undefined ? fallback : Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
  return n;
};
const quick = args.quick;
const opts = {
  db: dbKind,
  listings: Math.max(1, int(args.listings, quick ? 300 : 2_000, 'listings')),
  units: Math.max(1, int(args.units, 3, 'units')),
  guests: Math.max(1, int(args.guests, quick ? 200 : 1_000, 'guests')),
  bookings: int(args.bookings, quick ? 4 : 10, 'bookings'),
  concurrency: Math.max(1, int(args.concurrency, 16, 'concurrency')),
  duration: Math.max(1, int(args.duration, quick ? 5 : 30, 'duration')),
  warmup: int(args.warmup, quick ? 1 : 5, 'warmup'),
  profile: int(args.profile, quick ? 2 : 10, 'profile'),
  waves: Math.max(1, int(args.waves, quick ? 1 : 5, 'waves')),
  perWave: Math.max(1, int(args['per-wave'], quick ? 12 : 24, 'per-wave')),
  contentionConcurrency: Math.max(1, int(args['contention-concurrency'], 64, 'contention-concurrency')),
  seed: int(args.seed, 42, 'seed'),
};
const CONTENDED = { singles: 4, triples: 4, bikes: 4 };
const record = args['no-record'] ? false : (args.record ?? !quick);
const began = performance.now();
const log = (line: string) => console.log(`[${((performance.now() - began) / 1000).toFixed(1)} s] ${line}`);

function runWorker<R>(job: DriveJob): Promise<R> {
  return new Promise((resolve, reject) => {
    // the worker is TypeScript too: a tiny bootstrap registers tsx in it, then loads it
    const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL)}); });`;
    const worker = new Worker(bootstrap, { eval: true, workerData: job });
    worker.once('message', (m: R | { fatal: string }) => {
      void worker.terminate();
      if (m && typeof m === 'object' && 'fatal' in m) reject(new Error(m.fatal));
      else resolve(m as R);
    });
    worker.once('error', reject);
  });
}

/** The commit the code under test is at, and whether the tree has changes beside it (read-only git). */
function gitCommit() {
  try {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).trim();
    return dirty ? `${head} (with uncommitted changes in ${dirty.split('\n').length} tracked files)` : head;
  } catch {
    return '?';
  }
}


async function main() {
  const machine = {
    cpus: `${cpus().length} × ${cpus()[0]?.model.trim() ?? '?'}`,
    memory: `${(totalmem() / 2 ** 30).toFixed(0)} GiB`,
    os: `${type()} ${release()}`,
    node: process.version,
    load: loadavg()
      .map((v) => v.toFixed(2))
      .join(' '),
  };
  const commit = gitCommit();
  log(`Bookings benchmark: ${JSON.stringify(opts)}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'parkly-bench-bookings-'));
  const opened = await openBenchDatabase(dbName, dbKind!, dataDir, args.keep);
  let overlaps = -1;
  let bikeWrong = 0;
  try {
    log(`Creating ${opts.listings} listings × ${opts.units} units, ${CONTENDED.singles + CONTENDED.triples} contended listings and ${opts.guests} guests on ${opened.version}`);
    const data = await createData(
      opened.db,
      { listings: opts.listings, units: opts.units, contentionSingles: CONTENDED.singles, contentionTriples: CONTENDED.triples, contentionBikes: CONTENDED.bikes, guests: opts.guests, bookingsPerUnit: opts.bookings },
      log,
    );
    log(`  done in ${data.seconds.toFixed(1)} s`);

    const db = timedDatabase(opened.db);
    const config = loadConfig({ DATA_DIR: dataDir, RATE_LIMITS: '0', LOG_LEVEL: 'silent', NODE_ENV: 'production' });
    const app = await buildApp({ config, db, webDistDir: join(dataDir, 'no-web') });
    await app.listen({ port: int(args.port, 0, 'port'), host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      // stays from tomorrow 00:00 UTC on, a whole hour each
      const baseMs = Math.ceil(Date.now() / (24 * HOUR)) * 24 * HOUR + 24 * HOUR;
      let nextStay = 0;
      const pairs = async (seconds: number) => {
        const job: PairsJob = {
          mode: 'pairs',
          port,
          tokens: data.tokens,
          concurrency: opts.concurrency,
          listings: data.listings,
          units: opts.units,
          baseMs,
          firstStay: nextStay,
          durationMs: seconds * 1000,
        };
        const r = await runWorker<PairsResult>(job);
        nextStay += r.stays;
        return r;
      };

      if (opts.warmup > 0) {
        log(`Warming up: ${opts.warmup} s of book + pay at concurrency ${opts.concurrency}`);
        const w = await pairs(opts.warmup);
        if (w.errors || !w.committed.some(Boolean)) throw new Error(`warm-up failed: ${w.errors} errors, first: ${w.firstError}`);
      }

      log(`Measuring: ${opts.duration} s of book + pay at concurrency ${opts.concurrency}`);
      const cpu0 = { node: procCpuMs('/proc/self/stat'), pg: opened.admin && (await postgresCpu(opened.admin, opened.name!)), machine: machineJiffies() };
      const t = await pairs(opts.duration);
      const cpu1 = { node: procCpuMs('/proc/self/stat'), pg: opened.admin && (await postgresCpu(opened.admin, opened.name!)), machine: machineJiffies() };
      const committed = t.committed.reduce((s, v) => s + v, 0);
      const perSecond = (committed / t.elapsedMs) * 1000;
      const rows = [
        summarize('**book + pay (pair)**', t.pairMs, perSecond),
        summarize('POST bookings', t.bookMs),
        summarize('POST bookings/:id/pay', t.payMs),
      ];
      const failed = t.committed.length - committed + t.errors + Object.entries(t.bookStatuses).reduce((s, [k, v]) => s + (k === '201' ? 0 : v), 0);

      // the yardstick: GET health on the same server, same concurrency, just after (DESIGN section 7)
      log(`Measuring: GET health for ${opts.duration} s at concurrency ${opts.concurrency}`);
      await runWorker<HealthResult>({ mode: 'health', port, tokens: [], concurrency: opts.concurrency, durationMs: 1000 });
      const h = await runWorker<HealthResult>({ mode: 'health', port, tokens: [], concurrency: opts.concurrency, durationMs: opts.duration * 1000 });
      const healthPerSecond = (h.latencyMs.length / h.elapsedMs) * 1000;
      const ratio = perSecond / (healthPerSecond || NaN);
      rows.push(summarize('GET health (same server, after)', h.latencyMs, healthPerSecond));

      // CPU: the whole process less the load generator's thread is the server (Fastify, zod, the app, pg or PGlite)
      const serverMs = cpu1.node - cpu0.node - t.cpuMs;
      const pg = cpu0.pg && cpu1.pg ? postgresCpuSpent(cpu0.pg, cpu1.pg) : undefined;
      const jiffies = cpu1.machine.total - cpu0.machine.total;
      const machineBusy = jiffies ? (cpu1.machine.busy - cpu0.machine.busy) / jiffies : NaN;
      const oursMs = cpu1.node - cpu0.node + (pg ? pg.backends + pg.background : 0);
      const oursShare = oursMs / (t.elapsedMs * cpus().length);
      const perPair = (v: number) => (committed ? v / committed : NaN);
      const cpuLine =
        `- CPU per committed booking: server (Node) ${ms(perPair(serverMs))} ms` +
        (pg ? `, PostgreSQL ${ms(perPair(pg.backends))} ms in its ${pg.connections} backends + ${ms(perPair(pg.background))} ms in background processes (WAL writer, checkpointer…)` : ' (PGlite runs inside it)') +
        `, load generator ${ms(perPair(t.cpuMs))} ms. The machine's ${cpus().length} cores were ${(machineBusy * 100).toFixed(0)}% busy during the run ` +
        `(this benchmark about ${(oursShare * 100).toFixed(0)}%, other work the rest; steal ${((cpu1.machine.steal - cpu0.machine.steal) / (jiffies || 1) * 100).toFixed(0)}%)`;

      let profile: string[] = [];
      let perBooking = '';
      let cpuTables: string[] = [];
      if (opts.profile > 0) {
        log(`CPU profile: ${opts.profile} s of book + pay with V8's sampling profiler on the server's thread`);
        const { result: cp, profile: v8 } = await cpuProfile(() => pairs(opts.profile));
        const cpCommitted = cp.committed.reduce((s, v) => s + v, 0);
        cpuTables = [
          `**Where Node's CPU goes** (a further ${opts.profile} s run of book + pay under V8's sampling profiler, on the server's thread only: the load generator has a thread of its own; ` +
            `${cpCommitted} bookings; self time, so a function's callees count apart; \`(garbage collector)\` and \`(program)\` are V8's own):`,
          '',
          ...summarizeProfile(v8, 16, { count: cpCommitted, label: 'booking' }),
        ];

        log(`Profiling: ${opts.profile} s of book + pay with every statement timed`);
        db.record(true);
        const p = await pairs(opts.profile);
        db.record(false);
        const rec = db.recording();
        const pCommitted = p.committed.reduce((s, v) => s + v, 0);
        const perB = (v: number) => (pCommitted ? (v / pCommitted).toFixed(1) : '-');
        const calls = rec.statements.reduce((s, x) => s + x.calls, 0);
        perBooking = `- per committed booking (book + pay, from the statement-timed run below): **${perB(calls)} statements in ${perB(rec.transactions)} transactions**`;
        log('EXPLAIN (ANALYZE, BUFFERS) of the costliest statements');
        const hot = rec.statements.filter((s) => /^(SELECT|WITH|UPDATE|INSERT)/i.test(s.sql)).slice(0, 6);
        const explained = [];
        for (const s of hot) explained.push(await explainStatement(opened.db, s));
        profile = [
          `**Where the time goes** (a further ${opts.profile} s run with every statement the app sends timed in the app's database layer, round trip included: ${pCommitted} bookings, ` +
            `${ms(summarize('', p.pairMs).p50)} ms pair p50)` +
            (dbKind === 'pglite' ? '; on PGlite a statement outside a transaction also waits here for its one connection:' : ':'),
          '',
          ...statementTable(rec, pCommitted, 14),
          '',
          `**EXPLAIN (ANALYZE, BUFFERS)** of the costliest statements, with the parameters of their last call (in a transaction rolled back afterwards):`,
          '',
          ...explainLines(explained),
        ];
      }
      const [host] = await opened.db.query<{ n: number; unread: number }>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE NOT is_read)::int AS unread FROM notifications WHERE user_id = $1`,
        [data.hostId],
      );

      const contended = contendedStays({ listings: data.contention, waves: opts.waves, perWave: opts.perWave, baseMs: baseMs + 30 * 24 * HOUR, guests: opts.guests, seed: opts.seed });
      log(`Contention: ${contended.length} bookings of overlapping stays on ${data.contention.length} listings, ${opts.contentionConcurrency} at a time`);
      const c = await runWorker<AttemptsResult>({ mode: 'attempts', port, tokens: data.tokens, concurrency: opts.contentionConcurrency, stays: contended } satisfies AttemptsJob);
      overlaps = await countOverlaps(opened.db);
      const live = await liveBookingsOf(
        opened.db,
        data.contention.map((l) => l.id),
      );
      const cRows = tallyContention(contended, c.outcomes, opts.perWave, live);
      const offWaves = cRows.reduce((s, r) => s + r.offWaves, 0);
      const cBook = summarize('POST bookings under contention', c.outcomes.map((o) => o.bookMs).filter(Number.isFinite));

      // more time (decision 039): a paid stay on each one-unit listing, then its driver's extensions against
      // other drivers wanting the unit right after it, all at once
      const extBaseEnd = baseMs + 30 * 24 * HOUR + (opts.waves + 1) * 24 * HOUR + 12 * HOUR;
      const bases = data.contention
        .filter((l) => l.units === 1)
        .map((l, i) => ({ guest: i % opts.guests, listing: l.id, start: new Date(extBaseEnd - 2 * HOUR).toISOString(), end: new Date(extBaseEnd).toISOString() }));
      const paidBases = await runWorker<AttemptsResult>({ mode: 'attempts', port, tokens: data.tokens, concurrency: bases.length, stays: bases } satisfies AttemptsJob);
      const extBases = bases.flatMap((b, i) => (paidBases.outcomes[i]?.pay === 200 && paidBases.outcomes[i]!.id ? [{ ...b, id: paidBases.outcomes[i]!.id! }] : []));
      const extStays = extensionStays({ bases: extBases, perWave: opts.perWave, guests: opts.guests, seed: opts.seed });
      log(`Extension contention: ${extStays.length} bookings (each stay's driver's more time against other drivers) on ${extBases.length} one-unit listings`);
      const ext = await runWorker<AttemptsResult>({ mode: 'attempts', port, tokens: data.tokens, concurrency: opts.contentionConcurrency, stays: extStays } satisfies AttemptsJob);
      const extTally = tallyExtensions(extStays, ext.outcomes);
      const extBook = summarize('POST bookings (extension contention)', ext.outcomes.map((o) => o.bookMs).filter(Number.isFinite));

      // two-wheelers (decision 040): riders and car drivers at once on units that fit BIKE_BAYS riders
      const bikeRun = bikeStays({ listings: data.bikes, motorcycles: data.motorcycles, perWave: opts.perWave, baseMs: extBaseEnd + 3 * 24 * HOUR, guests: opts.guests, seed: opts.seed });
      log(`Two-wheeler contention: ${bikeRun.length} bookings (${opts.perWave} riders and 2 cars per listing) on ${data.bikes.length} one-unit listings fitting ${BIKE_BAYS} two-wheelers`);
      const bk = await runWorker<AttemptsResult>({ mode: 'attempts', port, tokens: data.tokens, concurrency: opts.contentionConcurrency, stays: bikeRun } satisfies AttemptsJob);
      const bikeTally = tallyBikes(bikeRun, bk.outcomes, BIKE_BAYS);
      bikeWrong = bikeTally.wrong;
      overlaps = await countOverlaps(opened.db);

      const isTarget = dbKind === 'postgres';
      const pair = rows[0]!;
      const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
      const ratioText = `${perSecond.toFixed(0)} bookings/s = **${ratio.toFixed(3)}** of GET health's ${healthPerSecond.toFixed(0)} req/s`;
      const budget = isTarget
        ? `- **budget** (DESIGN section 7, PostgreSQL: book + pay pairs ≥ 0.07 of health's requests per second, goal 0.12; pair p95 < 100 ms, goal 50): ${ratioText}: **${verdict(ratio >= 0.07)}**; ` +
          `pair p95 ${ms(pair.p95)} ms: **${verdict(pair.p95 < 100)}** (POST bookings p95 ${ms(rows[1]!.p95)} ms, pay p95 ${ms(rows[2]!.p95)} ms)`
        : `- budget (≥ 0.07 of health, p95 < 100 ms) is for PostgreSQL; for reference here: ${ratioText}, pair p95 ${ms(pair.p95)} ms`;

      const dbLabel = dbKind === 'postgres' ? 'PostgreSQL' : 'PGlite';
      const title = `Bookings, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${dbLabel}, ${opts.listings.toLocaleString('en-US')} listings × ${opts.units} units, concurrency ${opts.concurrency}${quick ? ' (quick)' : ''}`;
      const section = [
        `# ${title}`,
        '',
        ...(args.note ? [args.note, ''] : []),
        `- machine: ${machine.cpus}, ${machine.memory}, ${machine.os}, Node ${machine.node}, load average before the run ${machine.load}`,
        `- code: ${commit}; database: ${opened.version}`,
        `- data: ${opts.listings} instant-book listings open 24/7 with ${opts.units} units each, ${CONTENDED.singles} one-unit and ${CONTENDED.triples} three-unit listings for contention, ${opts.guests} guests with sessions, ${data.bookings} earlier bookings; created in ${data.seconds.toFixed(1)} s`,
        `- load: over HTTP on 127.0.0.1 (node:http keep-alive, load generator in a worker thread of the same process); ${opts.warmup} s warm-up, then ${opts.duration} s of book + pay pairs at concurrency ${opts.concurrency}, ` +
          `each a one-hour stay that competes with no other (${t.stays} pairs started, ${(t.elapsedMs / 1000).toFixed(1)} s); one run, on a machine shared with other work: figures are noisy`,
        '',
        latencyTable(rows),
        '',
        `- answers: POST bookings ${statuses(t.bookStatuses)}; pay ${statuses(t.payStatuses)}; connection errors ${t.errors}; pairs not committed ${failed}${t.firstError ? ` (first: \`${t.firstError.slice(0, 160)}\`)` : ''}`,
        cpuLine,
        ...(perBooking ? [perBooking] : []),
        `- the bench host (every listing's) has ${host?.n ?? '?'} notifications after the run, ${host?.unread ?? '?'} of them unread; GET health answers other than 200: ${h.failed}`,
        budget,
        '',
        `**Contention**: ${contended.length} guests' bookings (then payment of each one accepted), ${opts.contentionConcurrency} in flight, ${opts.waves} waves × ${opts.perWave} overlapping stays per listing ` +
          `(all of a wave's stays of a listing share one hour, so exactly one per unit can win), done in ${(c.elapsedMs / 1000).toFixed(1)} s; POST bookings p50 ${ms(cBook.p50)} ms, p95 ${ms(cBook.p95)} ms; connection errors ${c.errors}`,
        '',
        contentionTable(cRows),
        '',
        `- **overlapping live bookings of one unit, by SQL over all ${dbLabel} bookings: ${overlaps}** (must be 0)` +
          (offWaves ? `; ${offWaves} listing-waves had another number of winners than units (a 409 while a unit was free, or a bug)` : '; every listing-wave had exactly one winner per unit'),
        '',
        `**Extension contention** (decision 039): on ${extTally.listings} one-unit listings (of ${bases.length}: stays paid ${extBases.length}), each stay's driver asks for 30, 60 and 120 more minutes while ` +
          `${Math.max(1, opts.perWave - 3)} other drivers book across its end, all at once (${extTally.attempts} bookings, done in ${(ext.elapsedMs / 1000).toFixed(1)} s; POST bookings p50 ${ms(extBook.p50)} ms, p95 ${ms(extBook.p95)} ms): ` +
          `**${extTally.oneWinner} of ${extTally.listings} listings had exactly one winner** (must be all); won by the stay's driver ${extTally.wonByMore}, by another driver ${extTally.wonByOthers}; ` +
          `409 SLOT_TAKEN ${extTally.slotTaken}; other answers ${JSON.stringify(extTally.other)}; paid ${extTally.paid}; connection errors ${ext.errors}${ext.firstError ? ` (first: \`${ext.firstError.slice(0, 160)}\`)` : ''}`,
        '',
        `**Two-wheeler contention** (decision 040): on ${bikeTally.listings} one-unit listings fitting ${BIKE_BAYS} two-wheelers, ${opts.perWave} riders and 2 car drivers each book stays covering one common hour, all at once ` +
          `(${bikeTally.attempts} bookings, done in ${(bk.elapsedMs / 1000).toFixed(1)} s): **won by exactly ${BIKE_BAYS} riders ${bikeTally.byRiders}, by exactly one car ${bikeTally.byCar}, any other outcome ${bikeTally.wrong}** (must be 0); ` +
          `409 SLOT_TAKEN ${bikeTally.slotTaken}; other answers ${JSON.stringify(bikeTally.other)}; connection errors ${bk.errors}${bk.firstError ? ` (first: \`${bk.firstError.slice(0, 160)}\`)` : ''}`,
        '',
        ...cpuTables,
        '',
        ...profile,
      ].join('\n');

      console.log(`\n${section}`);
      if (record) {
        const file = writeRunFile('bookings', args.label ?? `${dbKind}${quick ? '-quick' : ''}`, section);
        log(`Recorded in bench/${file}`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await opened.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (bikeWrong !== 0) {
    console.error(`FAILED: ${bikeWrong} two-wheeler listings with one rider too many or a car beside a rider`);
    process.exitCode = 1;
  }
  if (overlaps !== 0) {
    console.error(overlaps > 0 ? `FAILED: ${overlaps} overlapping live bookings of one unit` : 'FAILED: the overlap check did not run');
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
