/**
 * Where a window search's time goes, per kind of query in the bench's window mix (not recorded: a tool
 * for changing the search SQL). On a kept bench database (`npm run bench:search -- --db postgres --keep`):
 *
 *   npx tsx bench/search/profile-window.ts [--db-name parkly_bench] [--n 200] [--seed 42] [--rounds 3] [--show KIND]
 *
 * --show 'price city' prints the EXPLAIN (ANALYZE, BUFFERS) of the first search of that kind and stops
 * (kinds: sort, where, and +filter for a row filter or +bike for a motorcycle's); with --query 'lat=…&…'
 * that search instead.
 *
 * Each search's statements are captured as the app sends them (the service with a recording database),
 * then run one at a time on one connection with the search pool's planner settings:
 * - EXPLAIN (ANALYZE, SUMMARY): the planning and execution time of each statement, best of --rounds;
 * - as the app runs them (a named statement per text, so PostgreSQL's plan cache decides between custom
 *   and generic plans): the wall time of each search, best of --rounds, and then how many generic and
 *   custom plans each prepared statement got (pg_prepared_statements).
 * Sums per kind: where (city, near, map), sort, and whether it has a row filter.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { searchQuerySchema } from '@parkly/shared/search';
import type { Database, PlannerSettings } from '../../apps/api/src/db/database';
import { search } from '../../apps/api/src/modules/search/search.service';
import { makeWindowQueries } from './queries';

const { values: args } = parseArgs({
  options: {
    'db-name': { type: 'string', default: 'parkly_bench' },
    n: { type: 'string', default: '200' },
    seed: { type: 'string', default: '42' },
    rounds: { type: 'string', default: '3' },
    show: { type: 'string' },
    /** with --show: this search (a query string) instead of the first of that kind in the mix */
    query: { type: 'string' },
    /** only the searches whose kind starts with this, e.g. 'price' */
    only: { type: 'string', default: '' },
    /** with --show: the least execution time of this many runs instead of the plan */
    min: { type: 'string', default: '0' },
    /** a planner setting to add to the search pool's, e.g. plan_cache_mode=force_generic_plan */
    set: { type: 'string', multiple: true, default: [] },
  },
});
const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
url.pathname = `/${args['db-name']}`;

interface Captured {
  sql: string;
  params: unknown[];
  settings: PlannerSettings;
}

/** The statements a search sends, in order; each answered as if it had found nothing. */
async function capture(query: Record<string, string>, answer: (c: Captured) => Promise<unknown[]>) {
  const sent: Captured[] = [];
  const recorder = (settings: PlannerSettings): Pick<Database, 'query' | 'tuned'> => ({
    async query<T>(sql: string, params?: unknown[]) {
      const c = { sql, params: params ?? [], settings };
      sent.push(c);
      return (await answer(c)) as T[];
    },
    tuned: (more) => recorder({ ...settings, ...more }),
  });
  await search(recorder({}), (k) => k, searchQuerySchema.parse(query), { guestFeePercent: 5 });
  return sent;
}

function kindOf(q: Record<string, string>) {
  const where = q.bbox ? 'map' : q.radius_km === '30' ? 'city' : 'near';
  // a rider's search checks bays and prices at the two-wheeler rates (decision 043): a kind of its own
  const filtered = q.vehicle_type === 'motorcycle' ? '+bike' : q.parking_type || q.amenities || q.vehicle_type ? '+filter' : '';
  return `${q.sort ?? 'distance'} ${where}${filtered}`;
}

const client = new pg.Client({ connectionString: url.toString(), options: '-c TimeZone=UTC' });
await client.connect();
for (const kv of args.set) {
  const [k, v] = kv.split('=');
  if (!/^[a-z_]+$/.test(k ?? '') || !/^[a-z0-9_]+$/.test(v ?? '')) throw new Error(`--set ${kv}: not a setting`);
  await client.query(`SET ${k} = ${v}`);
}
const n = Number(args.n);
const rounds = Number(args.rounds);
const queries = makeWindowQueries(n, Number(args.seed)).filter((q) => kindOf(q.query).startsWith(args.only));
const names = new Map<string, string>();
const nameOf = (sql: string) => {
  let name = names.get(sql);
  if (!name) names.set(sql, (name = `s${names.size}`));
  return name;
};

if (args.show) {
  const bq = args.query ? { query: Object.fromEntries(new URLSearchParams(args.query)) } : queries.find((q) => kindOf(q.query) === args.show);
  if (!bq) throw new Error(`no search of kind ${args.show}`);
  console.log(new URLSearchParams(bq.query).toString());
  await capture(bq.query, async (c) => {
    for (const [k, v] of Object.entries(c.settings)) await client.query(`SET ${k} = ${v}`);
    await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${c.sql}`, c.params);
    if (Number(args.min) > 0) {
      let least = Infinity;
      for (let i = 0; i < Number(args.min); i++) {
        const e = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, TIMING OFF, SUMMARY) ${c.sql}`, c.params);
        least = Math.min(least, Number(/Execution Time: ([\d.]+)/.exec(e.rows.map((r) => r['QUERY PLAN']).join('\n'))?.[1]));
      }
      // the backend's own CPU time (user + system, from /proc: the server runs on this machine), which other
      // processes' load changes much less than the time a run takes
      const [{ pid }] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [{ pid: number }];
      const cpu = () => {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
      };
      const c0 = cpu();
      for (let i = 0; i < Number(args.min); i++) await client.query({ name: nameOf(c.sql), text: c.sql, values: c.params });
      const cpuMs = (cpu() - c0) / Number(args.min);
      console.log(`least execution time of ${args.min}: ${least.toFixed(2)} ms; backend CPU per run, as the app runs it: ${cpuMs.toFixed(2)} ms`);
      return (await client.query(c.sql, c.params)).rows;
    }
    const explained = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${c.sql}`, c.params);
    console.log(explained.rows.map((r) => r['QUERY PLAN']).join('\n'));
    return (await client.query(c.sql, c.params)).rows;
  });
  await client.end();
  process.exit(0);
}

const settingsOf = new Set<string>();
const per = new Map<string, { n: number; planning: number; execution: number; wall: number; statements: number }>();
let applied = '';
const bestOf = new Map<string, { planning: number; execution: number; wall: number }>();
for (let round = 0; round < rounds; round++) {
  for (const [i, bq] of queries.entries()) {
    const kind = kindOf(bq.query);
    const row = per.get(kind) ?? { n: 0, planning: 0, execution: 0, wall: 0, statements: 0 };
    // EXPLAIN of each statement the search sends (answered with the real rows, so a second try runs when it would)
    let planning = 0;
    let execution = 0;
    let statements = 0;
    await capture(bq.query, async (c) => {
      const key = JSON.stringify(c.settings);
      if (key !== applied) {
        for (const [k, v] of Object.entries(c.settings)) await client.query(`SET ${k} = ${v}`);
        applied = key;
        settingsOf.add(key);
      }
      const explained = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, SUMMARY, TIMING OFF) ${c.sql}`, c.params);
      const plan = explained.rows.map((r) => r['QUERY PLAN']).join('\n');
      planning += Number(/Planning Time: ([\d.]+)/.exec(plan)?.[1]);
      execution += Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1]);
      statements += 1;
      return (await client.query({ name: nameOf(c.sql), text: c.sql, values: c.params })).rows;
    });
    // as the app runs it: named statements (the plan cache decides custom or generic)
    const t0 = performance.now();
    await capture(bq.query, async (c) => (await client.query({ name: nameOf(c.sql), text: c.sql, values: c.params })).rows);
    const wall = performance.now() - t0;
    const best = (a: number, b: number) => (round === 0 ? b : Math.min(a, b));
    if (round === 0) row.n += 1;
    const slot = `${kind}#${i}`;
    const prev = bestOf.get(slot);
    const now = { planning, execution, wall };
    bestOf.set(slot, prev ? { planning: best(prev.planning, planning), execution: best(prev.execution, execution), wall: best(prev.wall, wall) } : now);
    row.statements = Math.max(row.statements, statements);
    per.set(kind, row);
  }
}
for (const [slot, b] of bestOf) {
  const row = per.get(slot.split('#')[0]!)!;
  row.planning += b.planning;
  row.execution += b.execution;
  row.wall += b.wall;
}

const total = { n: 0, planning: 0, execution: 0, wall: 0 };
console.log(`${n} window searches (seed ${args.seed}), best of ${rounds}, one at a time, ms summed per kind`);
console.log('| kind | searches | planning | execution | as the app runs it (wall) | wall per search |');
console.log('|---|--:|--:|--:|--:|--:|');
for (const [kind, r] of [...per].sort((a, b) => b[1].wall - a[1].wall)) {
  console.log(`| ${kind} | ${r.n} | ${r.planning.toFixed(0)} | ${r.execution.toFixed(0)} | ${r.wall.toFixed(0)} | ${(r.wall / r.n).toFixed(2)} |`);
  total.n += r.n;
  total.planning += r.planning;
  total.execution += r.execution;
  total.wall += r.wall;
}
console.log(`| **all** | ${total.n} | ${total.planning.toFixed(0)} | ${total.execution.toFixed(0)} | ${total.wall.toFixed(0)} | ${(total.wall / total.n).toFixed(2)} |`);
const plans = await client.query<{ generic_plans: string; custom_plans: string }>(
  `SELECT sum(generic_plans) AS generic_plans, sum(custom_plans) AS custom_plans, count(*) AS statements FROM pg_prepared_statements`,
);
console.log('prepared statements:', plans.rows[0]);
await client.end();
