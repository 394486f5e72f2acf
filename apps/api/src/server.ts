import closeWithGrace from 'close-with-grace';
import { buildApp, storageFromConfig } from './app';
import { loadConfig } from './config';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmpty, seedDemoData } from './seed/demo';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir }).catch((err: Error) => {
    console.error(`Cannot open the database: ${err.message}`);
    process.exit(1);
  });
  await migrate(db);
  // one storage for the app and the demo seed, which stores the demo listings' photos:
  // the S3-compatible bucket when S3_BUCKET is set, DATA_DIR otherwise
  const storage = storageFromConfig(config);
  const wantDemo = config.DEMO_DATA ?? true;
  let seeded = false;
  if (wantDemo && (await isEmpty(db))) {
    await seedDemoData(db, storage);
    seeded = true;
  }

  const app = await buildApp({
    config,
    db,
    storage,
    workers: true,
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(process.stdout.isTTY && { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }),
    },
  });

  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await db.close();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.dataDir}/db`;
  // names the bucket and endpoint only: the keys are never printed
  const files = config.s3 ? `S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}` : config.dataDir;
  console.log(`\nParkly is running at ${config.publicUrl}  (database: ${where}; files: ${files})`);
  if (seeded || (wantDemo && (await hasDemoAccounts(db)))) {
    console.log(`Demo accounts (password "${DEMO_PASSWORD}"): ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')}\n`);
  }
}

async function hasDemoAccounts(db: Awaited<ReturnType<typeof openDatabase>>) {
  const rows = await db.query(`SELECT 1 FROM users WHERE email = $1`, [DEMO_ACCOUNTS[0].email]);
  return rows.length > 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
