import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config';
import { start } from './startup/start';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const { app, db } = await start(config, {
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(process.stdout.isTTY && { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }),
    },
  }).catch((err: Error) => {
    console.error(err.message.startsWith('Cannot open the database') ? err.message : err);
    process.exit(1);
  });

  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await db.close();
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
