// npm run migrate: applies the SQL migrations the database lacks (the server also does this at start).
import { loadDatabaseConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { runCli } from './run-cli';

await runCli('Migrating', async () => {
  const config = loadDatabaseConfig();
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    const applied = await migrate(db);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
  } finally {
    await db.close();
  }
});
