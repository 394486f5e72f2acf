// npm test: lint, type check, unit and API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// production build, the load-balancer test (nginx and PostgreSQL needed, else skipped), then browser tests. Ends with the line "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const REPORTS = '.test-reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

let passed = 0;
let failed = 0;
const summary = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${label} (${Math.round((Date.now() - started) / 1000)} s)`);
  return ok;
}

/**
 * Steps that are one check each and use one core each (lint, the type check), run side by side: each one's
 * output is held and printed whole when it ends, so the log reads as if they ran one after the other.
 */
async function checksTogether(steps) {
  const results = await Promise.all(
    steps.map(
      ([label, cmd, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          let out = '';
          child.stdout.on('data', (d) => (out += d));
          child.stderr.on('data', (d) => (out += d));
          child.on('close', (code) => resolve({ label, ok: code === 0, out, seconds: Math.round((Date.now() - started) / 1000) }));
        }),
    ),
  );
  for (const r of results) {
    console.log(`\n=== ${r.label} ===`);
    process.stdout.write(r.out);
    summary.push(`${r.ok ? 'ok  ' : 'FAIL'} ${r.label} (${r.seconds} s, alongside the others of its group)`);
    if (r.ok) passed += 1;
    else failed += 1;
  }
}

/** A test runner step: counts come from its JSON report; a run with no report counts as one failure. */
function suite(label, cmd, args, report, count, env) {
  const ok = run(label, cmd, args, env);
  if (!existsSync(report)) {
    failed += 1;
    return;
  }
  const c = count(JSON.parse(readFileSync(report, 'utf8')));
  passed += c.passed;
  failed += c.failed;
  if (!ok && c.failed === 0) failed += 1;
}

/** Why the load-balancer test cannot run here (it is then skipped, counted neither way), or null. */
function loadBalancerTestMissing() {
  if (!process.env.TEST_DATABASE_URL) return 'TEST_DATABASE_URL is not set (the two instances share one PostgreSQL database)';
  const nginx = process.env.NGINX_BIN || (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : spawnSync('sh', ['-c', 'command -v nginx']).stdout?.toString().trim());
  if (!nginx) return 'nginx is not installed (.ci/run installs it: apt-get install nginx)';
  if (spawnSync('openssl', ['version']).status !== 0) return 'openssl is not installed (it makes the test certificate)';
  return null;
}

const vitestCount = (j) => ({ passed: j.numPassedTests ?? 0, failed: (j.numFailedTests ?? 0) + (j.numRuntimeErrorTestSuites ?? 0) });
const vitest = (workspace, report) => ['exec', '-w', workspace, '--', 'vitest', 'run', '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile=${process.cwd()}/${report}`];

await checksTogether([
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['type check', 'npm', ['run', 'typecheck']],
]);
suite('unit tests: shared', 'npm', vitest('@parkly/shared', `${REPORTS}/shared.json`), `${REPORTS}/shared.json`, vitestCount);
suite('unit tests: web', 'npm', vitest('@parkly/web', `${REPORTS}/web.json`), `${REPORTS}/web.json`, vitestCount);
suite('API tests on PGlite', 'npm', vitest('@parkly/api', `${REPORTS}/api-pglite.json`), `${REPORTS}/api-pglite.json`, vitestCount, { PARKLY_TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  suite('API tests on PostgreSQL', 'npm', vitest('@parkly/api', `${REPORTS}/api-postgres.json`), `${REPORTS}/api-postgres.json`, vitestCount, {
    PARKLY_TEST_DB: 'postgres',
  });
} else {
  console.log('\n(TEST_DATABASE_URL is not set: API tests ran on PGlite only)');
}

const built = run('production build', 'npm', ['run', 'build']);
if (built) passed += 1;
else failed += 1;
if (built) {
  // two built servers behind nginx (deploy/nginx/parkly.conf) on one PostgreSQL: e2e/lb
  const missing = loadBalancerTestMissing();
  if (missing) {
    console.log(`\n=== load balancer (nginx, two instances) ===\nskipped: ${missing}`);
    summary.push(`skip load balancer (nginx, two instances): ${missing}`);
  } else {
    suite(
      'load balancer (nginx, two instances)',
      'npm',
      [...vitest('@parkly/e2e', `${REPORTS}/lb.json`), '--config', 'lb/vitest.config.ts'],
      `${REPORTS}/lb.json`,
      vitestCount,
    );
  }
  suite(
    'browser tests (Playwright, system Chromium)',
    'npm',
    ['exec', '-w', '@parkly/e2e', '--', 'playwright', 'test', '--reporter=list,json'],
    `${REPORTS}/e2e.json`,
    (j) => ({ passed: (j.stats?.expected ?? 0) + (j.stats?.flaky ?? 0), failed: j.stats?.unexpected ?? 0 }),
    { PLAYWRIGHT_JSON_OUTPUT_NAME: `${process.cwd()}/${REPORTS}/e2e.json` },
  );
}

console.log(`\n${summary.join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
