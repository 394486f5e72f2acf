/**
 * Realtime benchmark: how many sockets one API process holds and how fast a message reaches one.
 * A fresh database with users in guest-host pairs (a chat room each) and live sessions; the API as a
 * process of its own; two socket-client processes that open the sockets (ticket, socket, hello,
 * resume) in steps of 1k, 5k and 10k; at each step, messages at a steady rate to random connected
 * users, each with its send time, and at the receiving socket the delay (same machine, same clock):
 * - publish() → socket: the app's publish() from this process (the event row and NOTIFY), heard by
 *   the API's LISTEN, read and sent to the socket (PostgreSQL only: PGlite lives inside one process);
 * - chat POST → socket: a real chat message over HTTP, received by the other party's socket.
 *
 *   npm run bench:realtime -- --quick
 *   npm run bench:realtime                     (PostgreSQL, 1k/5k/10k sockets, 1,000 messages/s)
 *   npm run bench:realtime -- --db pglite --paths chat
 *
 * Prints a table and writes it to a run file of its own, bench/results/<YYYY-MM-DD>-realtime-<label>.md
 * (quick runs only with --record).
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { machineJiffies, postgresCpu, postgresCpuSpent, procCpuMs } from '../bookings/profile';
import { summarizeProfile } from '../lib/cpu-profile';
import { batchedPublishLoad, chatLoad, publishLoad, type LoadResult } from './load';
import type { ClientCommand, OpenReport, Receipts } from './protocol';
import { PATH_LABEL, makeRow, resultTable, rowNotes, type CpuWindow, type PathName, type Row } from './report';
import type { ProbeAnswer } from './server-probe';
import { procStats, startApi } from './server-process';
import { openBenchDatabase } from '../lib/bench-database';
import { writeRunFile } from '../lib/results-file';
import { BENCH_DB, createPeople } from './setup';

const CLIENT = fileURLToPath(new URL('./socket-clients.ts', import.meta.url));
const ORIGIN = 'https://bench.parkly.test';
const BUDGET = { sockets: 10_000, p99Ms: 50, rate: 1_000 };

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    sockets: { type: 'string' },
    paths: { type: 'string' },
    rate: { type: 'string', default: '1000' },
    duration: { type: 'string' },
    warmup: { type: 'string', default: '3' },
    drain: { type: 'string', default: '3' },
    clients: { type: 'string', default: '2' },
    'in-flight': { type: 'string', default: '200' },
    profile: { type: 'boolean', default: false },
    api: { type: 'string' },
    quick: { type: 'boolean', default: false },
    record: { type: 'boolean' },
    'no-record': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    note: { type: 'string' },
    label: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});

if (args.help) {
  console.log(`npm run bench:realtime -- [options]
  --db postgres|pglite  database (PostgreSQL: BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
                        the benchmark creates and drops its own database ${BENCH_DB})
  --sockets LIST        socket counts, in increasing order (1000,5000,10000; --quick 500,2000)
  --paths LIST          what to send, each at --rate or at its own: publish,chat (default; PGlite: chat only),
                        e.g. publish,chat,chat@200; batched: not the app's path, an experiment (load.ts):
                        the event row without NOTIFY, the ids announced after commit, many to a NOTIFY
  --rate R              messages a second (1000)
  --duration S          measured seconds per socket count and path (12; --quick 5)
  --warmup S            seconds of each path before the first measurement (3)
  --drain S             seconds to wait for the last deliveries after sending stops (3)
  --clients K           socket-client processes (2)
  --in-flight N         messages waiting for their commit or answer at most; further due ones are skipped (200)
  --profile             V8 CPU profile of the API process in each measured window at the largest socket count
  --api FILE            the server.ts of another copy of apps/api (an A/B of a change; default: this tree's)
  --quick               smaller and shorter, not recorded unless --record
  --no-record           do not write a run file
  --label L             the run file's label: bench/results/<date>-realtime-<L>.md (default: the database, -quick)
  --note TEXT           a line to add to the run file
  --keep                PostgreSQL: keep ${BENCH_DB} afterwards`);
  process.exit(0);
}

const dbKind = args.db === 'postgres' ? 'postgres' : args.db === 'pglite' ? 'pglite' : null;
if (!dbKind) throw new Error('--db must be postgres or pglite');
const int = (v: string | undefined, fallback: number, name: string) => {
  const n = v === undefined ? fallback : Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
  return n;
};
const quick = args.quick;
const levels = (args.sockets ?? (quick ? '500,2000' : '1000,5000,10000')).split(',').map((s) => int(s.trim(), 0, 'sockets'));
if (levels.some((n, i) => n < 2 || (i > 0 && n <= levels[i - 1]!))) throw new Error('--sockets must be increasing counts of 2 or more');
const rate = Math.max(1, int(args.rate, BUDGET.rate, 'rate'));
/** what to send at each socket count: a path, at --rate or at its own rate (`chat@200`) */
const paths = (args.paths ?? (dbKind === 'pglite' ? 'chat' : 'publish,chat')).split(',').map((spec) => {
  const [path, own] = spec.trim().split('@');
  if (path !== 'publish' && path !== 'chat' && path !== 'batched') throw new Error('--paths takes publish, chat and batched, each optionally @rate');
  if (dbKind === 'pglite' && path !== 'chat') throw new Error('publish → socket needs PostgreSQL (PGlite lives inside the API process); use --paths chat');
  return { path: path as PathName, rate: own === undefined ? rate : Math.max(1, int(own, rate, 'paths')) };
});
const opts = {
  db: dbKind,
  levels,
  paths,
  rate,
  duration: Math.max(1, int(args.duration, quick ? 5 : 12, 'duration')),
  warmup: int(args.warmup, 3, 'warmup'),
  drain: int(args.drain, 3, 'drain'),
  clients: Math.max(1, int(args.clients, 2, 'clients')),
  inFlight: Math.max(1, int(args['in-flight'], 200, 'in-flight')),
};
const record = args['no-record'] ? false : (args.record ?? !quick);
const began = performance.now();
const log = (line: string) => console.log(`[${((performance.now() - began) / 1000).toFixed(1)} s] ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A socket-client process and a way to ask it something and await its answer. */
function startClient() {
  const child: ChildProcess = fork(CLIENT, [], { execArgv: ['--import', 'tsx'], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ask = <T>(c: ClientCommand) =>
    new Promise<T>((resolve, reject) => {
      const onExit = () => reject(new Error('a socket-client process ended'));
      child.once('exit', onExit);
      child.once('message', (m: T) => {
        child.off('exit', onExit);
        resolve(m);
      });
      child.send(c);
    });
  return { child, ask };
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
  const most = levels[levels.length - 1]!;
  log(`Realtime benchmark: ${JSON.stringify(opts)}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'parkly-bench-realtime-'));
  const profDir = join(dataDir, 'cpu-profile');
  const opened = await openBenchDatabase(BENCH_DB, dbKind!, dataDir, args.keep);
  let api: Awaited<ReturnType<typeof startApi>> | undefined;
  const clients: ReturnType<typeof startClient>[] = [];
  try {
    log(`Creating ${most} users in ${most / 2} guest-host pairs with a chat room each, with sessions, on ${opened.version}`);
    const people = await createPeople(opened.db, most);
    log(`  done in ${people.seconds.toFixed(1)} s`);
    // PGlite: the API process opens the folder, which one process at a time may hold
    if (dbKind === 'pglite') await opened.db.close();

    if (args.profile) mkdirSync(profDir);
    api = await startApi(
      {
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        // PostgreSQL needs a payment provider named; the benchmark takes no payments
        ...(opened.url ? { DATABASE_URL: opened.url, PAYMENT_PROVIDER: 'simulated' } : {}),
        DEMO_DATA: '0',
        RATE_LIMITS: '0',
        LOG_LEVEL: 'silent',
        REALTIME_ORIGINS: ORIGIN,
      },
      log,
      args.api,
    );
    const server = api;
    for (let i = 0; i < opts.clients; i++) clients.push(startClient());
    const idle = procStats(server.pid);
    log(`  API process resident memory before any socket: ${idle.rssMb.toFixed(0)} MB`);

    let seq = 1;
    let held = 0;
    const rows: Row[] = [];
    const opening: string[] = [];
    const profiles: string[] = [];
    const run = async ({ path, rate }: (typeof paths)[number], durationS: number) => {
      const o = { rate, durationMs: durationS * 1000, maxInFlight: opts.inFlight, firstSeq: seq };
      const load: Promise<LoadResult> =
        path === 'publish' ? publishLoad(opened.db, people, held, o) : path === 'batched' ? batchedPublishLoad(opened.db, people, held, o) : chatLoad(server.port, people, held, o);
      const r = await load;
      seq += r.due;
      return r;
    };

    for (const level of levels) {
      log(`Opening sockets ${held + 1} to ${level} (${opts.clients} client processes, 25 at a time each)`);
      const t0 = performance.now();
      const fresh = people.users.slice(held, level);
      const reports = await Promise.all(
        clients.map((c, k) =>
          c.ask<OpenReport>({ cmd: 'open', port: server.port, origin: ORIGIN, users: fresh.filter((_, i) => i % opts.clients === k), inFlight: 25 }),
        ),
      );
      const failed = reports.reduce((s, r) => s + r.failed, 0);
      const openedNow = reports.reduce((s, r) => s + r.opened, 0);
      const seconds = (performance.now() - t0) / 1000;
      held = level;
      const mem = procStats(server.pid);
      opening.push(
        `${level.toLocaleString('en-US')}: ${openedNow} more opened in ${seconds.toFixed(1)} s (${(openedNow / seconds).toFixed(0)}/s, ticket + upgrade + hello + resume)` +
          `${failed ? `, ${failed} failed (first: ${reports.find((r) => r.firstError)?.firstError})` : ''}; API RSS ${mem.rssMb.toFixed(0)} MB`,
      );
      log(`  ${opening[opening.length - 1]}`);
      if (failed) throw new Error(`${failed} sockets could not be opened`);
      await sleep(1000);

      if (level === levels[0] && opts.warmup > 0) {
        for (const spec of paths) {
          log(`Warming up: ${opts.warmup} s of ${spec.path} at ${spec.rate}/s`);
          await run(spec, opts.warmup);
        }
        await sleep(opts.drain * 1000);
      }

      for (const spec of paths) {
        const { path } = spec;
        await Promise.all(clients.map((c) => c.ask({ cmd: 'reset' })));
        server.tell({ cmd: 'loop-reset' });
        const profiling = args.profile && level === most;
        if (profiling) server.tell({ cmd: 'profile-start' });
        log(`Measuring: ${opts.duration} s of ${path} at ${spec.rate}/s to ${level} sockets`);
        const before = { server: procStats(server.pid).cpuMs, pg: opened.admin && (await postgresCpu(opened.admin, BENCH_DB)), clients: clients.map((c) => procStats(c.child.pid!).cpuMs), self: procCpuMs('/proc/self/stat'), machine: machineJiffies() };
        const load = await run(spec, opts.duration);
        const after = { server: procStats(server.pid), pg: opened.admin && (await postgresCpu(opened.admin, BENCH_DB)), clients: clients.map((c) => procStats(c.child.pid!).cpuMs), self: procCpuMs('/proc/self/stat'), machine: machineJiffies() };
        const loop = await server.ask<Extract<ProbeAnswer, { kind: 'loop' }>>({ cmd: 'loop' });
        if (profiling) {
          const file = join(profDir, `${path}-${spec.rate}.cpuprofile`);
          await server.ask({ cmd: 'profile-stop', file });
          profiles.push(`**${PATH_LABEL[path]}** at ${spec.rate}/s, ${level.toLocaleString('en-US')} sockets:`, '', ...summarizeProfile(file, 12), '');
        }
        await sleep(opts.drain * 1000);
        const receipts = await Promise.all(clients.map((c) => c.ask<Receipts>({ cmd: 'collect' })));
        const jiffies = after.machine.total - before.machine.total || 1;
        const cpu: CpuWindow = {
          elapsedMs: load.elapsedMs,
          serverMs: after.server.cpuMs - before.server,
          postgresMs: before.pg && after.pg ? postgresCpuSpent(before.pg, after.pg).backends : undefined,
          clientsMs: after.clients.reduce((s, v, i) => s + v - before.clients[i]!, 0),
          senderMs: after.self - before.self,
          machineBusy: (after.machine.busy - before.machine.busy) / jiffies,
          steal: (after.machine.steal - before.machine.steal) / jiffies,
          cores: cpus().length,
        };
        const row = makeRow(level, path, spec.rate, load, receipts, { cpu, rssMb: after.server.rssMb, serverLoopP99: loop.p99 });
        rows.push(row);
        const stillOpen = receipts.reduce((s, r) => s + r.open, 0);
        log(
          `  sent ${row.sent} (${row.achieved.toFixed(0)}/s, ${row.skipped} skipped, ${row.failed} failed), delivered ${row.delivered}, lost ${row.lost}; ` +
            `p50 ${row.latency.p50.toFixed(1)} p95 ${row.latency.p95.toFixed(1)} p99 ${row.latency.p99.toFixed(1)} max ${row.max.toFixed(1)} ms ` +
            `(call p50 ${row.call.p50.toFixed(1)} p99 ${row.call.p99.toFixed(1)}, after it p50 ${row.afterCall.p50.toFixed(1)} p99 ${row.afterCall.p99.toFixed(1)}); ` +
            `API CPU ${((cpu.serverMs / cpu.elapsedMs) * 100).toFixed(0)}%, loop p99 ${loop.p99.toFixed(1)} ms; sockets open ${stillOpen}`,
        );
        if (stillOpen < level) log(`  ${level - stillOpen} sockets were closed: ${JSON.stringify(row.closes)}`);
      }
    }

    const peak = procStats(server.pid).peakMb;
    await Promise.all(clients.map((c) => c.ask({ cmd: 'close' })));
    await server.stop();
    const profile = profiles.length ? ['', `**Where the API process's time went** (V8 CPU profile of each measured window at ${most.toLocaleString('en-US')} sockets, self time):`, '', ...profiles] : [];

    const top = rows.filter((r) => r.sockets === most && r.rate >= BUDGET.rate && r.path !== 'batched');
    const isBudget = most >= BUDGET.sockets && top.length > 0 && dbKind === 'postgres';
    const verdict = top.map((r) => {
      const ok = r.latency.p99 < BUDGET.p99Ms && r.lost === 0 && r.achieved >= r.rate * 0.98;
      return `${r.path === 'publish' ? 'publish() → socket' : 'chat POST → socket'}: p99 ${r.latency.p99.toFixed(1)} ms at ${r.achieved.toFixed(0)} messages/s, ${r.lost} lost: **${ok ? 'met' : 'MISSED'}**`;
    });
    const dbLabel = dbKind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const title = `Realtime, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${dbLabel}, ${levels.map((n) => n.toLocaleString('en-US')).join(' / ')} sockets, ${paths.map((p) => `${p.path} at ${p.rate}/s`).join(', ')}${quick ? ' (quick)' : ''}`;
    const section = [
      `# ${title}`,
      '',
      ...(args.note ? [args.note, ''] : []),
      `- machine: ${machine.cpus}, ${machine.memory}, ${machine.os}, Node ${machine.node}, load average before the run ${machine.load}`,
      `- code: ${gitCommit()}${args.api ? ` (the API from ${args.api})` : ''}`,
      `- database: ${opened.version}; ${most} users in guest-host pairs, a chat room and a session each (created in ${people.seconds.toFixed(1)} s)`,
      `- processes, all on this machine: the API (${args.api ?? 'apps/api/src/server.ts'} under tsx, its own process, NODE_ENV=production, logs off, rate limits off); ` +
        `${opts.clients} socket-client processes (\`ws\` 8) sharing the sockets; this process sending the messages${dbKind === 'postgres' ? '; PostgreSQL' : ''}`,
      `- load: at each socket count, ${opts.duration} s per path at the rate shown (open loop, at most ${opts.inFlight} waiting), each to a random connected user; ` +
        `${opts.warmup} s warm-up per path before the first; delay = arrival at the receiving socket's client − send time in the payload (one clock); lost = accepted but not received ${opts.drain} s after sending stopped`,
      `- paths: **publish() → socket**: the app's \`publish()\` from this process (one \`realtime_events\` row + NOTIFY in one statement, autocommit), heard on the API's LISTEN connection, read back and sent; ` +
        `**chat POST → socket**: \`POST chat-rooms/:id/messages\` over HTTP (keep-alive) by one party of a room, measured at the other party's socket (each message also makes a notification, two unread counts and the sender's own copy: 5 events)`,
      `- opening (sockets held: more opened in, rate): ${opening.join('; ')}; API RSS before any socket ${idle.rssMb.toFixed(0)} MB, peak ${peak.toFixed(0)} MB`,
      '',
      resultTable(rows),
      '',
      `CPU columns: share of one core over the measured seconds (the machine has ${cpus().length}); "API CPU per message" = API process CPU ÷ messages accepted. ` +
        `API loop delay: \`monitorEventLoopDelay\` inside the API process (loaded with \`--import\`, the app untouched).`,
      ...rowNotes(rows),
      '',
      isBudget
        ? `- **budget** (10k sockets on one process, p99 delivery < 50 ms at 1,000 messages/s): ${verdict.join('; ')}`
        : `- budget (10k sockets, p99 < 50 ms at 1,000 messages/s, PostgreSQL) not tested by this run` + (verdict.length ? `; at ${most} sockets: ${verdict.join('; ')}` : ''),
      ...profile,
    ].join('\n');

    console.log(`\n${section}`);
    if (record) {
      const file = writeRunFile('realtime', args.label ?? `${dbKind}${quick ? '-quick' : ''}`, section);
      log(`Recorded in bench/${file}`);
    }
  } finally {
    for (const c of clients) if (c.child.connected) c.child.kill();
    await api?.stop();
    await opened.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
