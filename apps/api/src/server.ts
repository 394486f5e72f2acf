import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config';
import { drainAndClose } from './startup/shutdown';
import { start } from './startup/start';

/** how long the close after the drain (requests in flight, jobs, the database) may take */
const CLOSE_GRACE_MS = 10_000;

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

  // a second signal, or a close that outlasts the drain by CLOSE_GRACE_MS, exits at once (code 1)
  closeWithGrace({ delay: config.shutdownDrainMs + CLOSE_GRACE_MS }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down');
    // after an uncaught error the process is not trusted to serve through a drain window
    await drainAndClose({ app, db, drainMs: err ? 0 : config.shutdownDrainMs });
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
