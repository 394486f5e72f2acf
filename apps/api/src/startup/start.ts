/**
 * The server's start, as `npm start` runs it (server.ts adds only the process around it: exit codes
 * and graceful shutdown): open and migrate the database, follow the start-up plan (demo content,
 * warnings), build the app and listen. Tests call it to run the real path without a process.
 */
import type { FastifyServerOptions } from 'fastify';
import { buildApp, storageFromConfig } from '../app';
import type { Config } from '../config';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { findPublicDemoAccounts, isEmpty, seedDemoData } from '../seed/demo';
import { banner, startupPlan, type StartupPlan } from './startup-plan';

export interface StartOptions {
  logger?: FastifyServerOptions['logger'];
  /** where the start-up lines go: stdout for the friendly ones, stderr for warnings */
  out?: (line: string) => void;
  err?: (line: string) => void;
}

export async function start(config: Config, opts: StartOptions = {}) {
  const out = opts.out ?? ((line: string) => console.log(line));
  const err = opts.err ?? ((line: string) => console.error(line));
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir }).catch((e: Error) => {
    throw new Error(`Cannot open the database: ${e.message}`);
  });
  let plan: StartupPlan;
  // one storage for the app and the demo seed, which stores the demo listings' photos:
  // the S3-compatible bucket when S3_BUCKET is set, DATA_DIR otherwise
  const storage = storageFromConfig(config);
  try {
    await migrate(db);
    const empty = await isEmpty(db);
    // on an empty database nobody can have a demo password yet: no need to look
    plan = startupPlan(config, { empty, publicDemoAccounts: empty ? [] : await findPublicDemoAccounts(db) });
    if (plan.seedDemo) await seedDemoData(db, storage);
  } catch (e) {
    await db.close();
    throw e;
  }

  const app = await buildApp({ config, db, storage, workers: true, logger: opts.logger ?? false });
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
    // Prometheus metrics on a listener of their own when METRICS_PORT is set (never the app's port)
    await app.metrics.listen();
  } catch (e) {
    await app.close();
    await db.close();
    throw e;
  }
  const where = config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.dataDir}/db`;
  // names the bucket and endpoint only: the keys are never printed
  const files = config.s3 ? `S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}` : config.dataDir;
  out(`\nParkly is running at ${config.publicUrl}  (database: ${where}; files: ${files})`);
  if (plan.demoNotice) out(`${plan.demoNotice}\n`);
  for (const w of plan.warnings) {
    err(`\n${banner(w)}\n`);
    app.log.warn({ warning: w.lines.join(' ') }, w.title);
  }
  return { app, db, plan };
}
