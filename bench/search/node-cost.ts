/**
 * Node's CPU per window search (not recorded: a tool). On a kept bench database, runs --n window searches
 * one at a time through the app (app.inject: routing, the query's schema, the service, the driver, the
 * serializer; no socket) and prints Node's CPU time per search next to the wall time per search.
 *
 *   npx tsx bench/search/node-cost.ts [--db-name parkly_bench] [--n 300] [--rounds 2]
 *
 * With `node --cpu-prof --import tsx` it also gives a profile of where that CPU goes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { API_BASE } from '@parkly/shared/constants';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openPostgres } from '../../apps/api/src/db/postgres';
import { makeWindowQueries, toQueryString } from './queries';

const { values: args } = parseArgs({ options: { 'db-name': { type: 'string', default: 'parkly_bench' }, n: { type: 'string', default: '300' }, rounds: { type: 'string', default: '2' } } });
const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
url.pathname = `/${args['db-name']}`;
const dataDir = mkdtempSync(join(tmpdir(), 'parkly-node-cost-'));
const db = await openPostgres(url.toString());
const config = loadConfig({ DATA_DIR: dataDir, RATE_LIMITS: '0', LOG_LEVEL: 'silent', NODE_ENV: 'production', GUEST_FEE_PERCENT: '5' });
const app = await buildApp({ config, db, webDistDir: join(dataDir, 'no-web') });
const queries = makeWindowQueries(Number(args.n), 7);
const run = async () => {
  for (const q of queries) {
    const res = await app.inject({ method: 'GET', url: `${API_BASE}/parkings/search?${toQueryString(q.query)}` });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  }
};
await run(); // warm: plans, JIT
for (let round = 0; round < Number(args.rounds); round++) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await run();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const n = queries.length;
  console.log(`${n} window searches: wall ${(wall / n).toFixed(2)} ms each, Node CPU ${((cpu.user + cpu.system) / 1000 / n).toFixed(2)} ms each (user ${(cpu.user / 1000 / n).toFixed(2)}, system ${(cpu.system / 1000 / n).toFixed(2)})`);
}
await app.close();
await db.close();
rmSync(dataDir, { recursive: true, force: true });
