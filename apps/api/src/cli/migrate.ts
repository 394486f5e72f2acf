import { loadDatabaseConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { useCallerDir } from './run-cli';

useCallerDir();

const config = loadDatabaseConfig();
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
const applied = await migrate(db);
console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
await db.close();
