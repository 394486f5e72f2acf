/**
 * The renewal job of monthly passes, run once at a time a spec chooses (decision 042), on an own server's database
 * while that server is paused (OwnServer.paused): the API's own code (runRenewals with the server's settings, the
 * payment provider the server uses), so a browser test can bring a pass to its renewal without waiting a month.
 * `renewAt` runs it in a child process under tsx (the API's TypeScript), as `npm run demo:razorpay` loads the fake.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SELF = fileURLToPath(import.meta.url);

/** Runs the renewal job at `at` for one pass; answers what it did ({renewed, failed, action_required, ...}). */
export async function renewAt(env: Record<string, string>, at: Date, bookingId: string): Promise<Record<string, number>> {
  const child = spawn(process.execPath, ['--import', 'tsx', SELF, at.toISOString(), bookingId], { cwd: ROOT, env: { ...process.env, ...env, RENEWAL_CLOCK: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the renewal job failed (${code})\n${err}`);
  return JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, number>;
}

/**
 * An API module, by its path under apps/api/src (loaded by tsx in the child; kept out of this project's type check,
 * which has the browser's types, not the API's).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const apiModule = (path: string): Promise<any> => import(new URL(`../../../apps/api/src/${path}.ts`, import.meta.url).href);

/** In the child: open the server's database, build the app as the server does (no workers), run the job once. */
async function main(at: string, bookingId: string) {
  const { loadConfig } = await apiModule('config');
  const { openDatabase } = await apiModule('db/open');
  const { buildApp } = await apiModule('app');
  const { bookingDeps } = await apiModule('modules/bookings/bookings.routes');
  const { runRenewals } = await apiModule('modules/bookings/monthly-renewals');
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  const app = await buildApp({ config, db });
  await app.ready();
  try {
    console.log(JSON.stringify(await runRenewals(bookingDeps(app), new Date(at), { bookingId })));
  } finally {
    await app.close();
    await db.close();
  }
}

if (process.env.RENEWAL_CLOCK === '1' && process.argv[1] === SELF) {
  main(process.argv[2]!, process.argv[3]!).catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
