// npm run create-admin -- --email you@example.com --password "a long passphrase" [--name "Your Name"]
import { parseArgs } from 'node:util';
import { loadDatabaseConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { AppError } from '../lib/app-error';
import { checkAdminInput, createAdmin, type CreateAdminResult } from '../modules/admin/users/create-admin';
import { useCallerDir } from './run-cli';

useCallerDir();

const USAGE = 'Usage: npm run create-admin -- --email you@example.com --password "a long passphrase" [--name "Your Name"]';

const DONE: Record<CreateAdminResult['outcome'], (email: string) => string> = {
  created: (email) => `Created the administrator ${email}. Log in with it and open /admin.`,
  promoted: (email) => `${email} already had an account: it is now an administrator with the new password, and its sessions are signed out.`,
  updated: (email) => `${email} was already an administrator: its password is replaced, and its sessions are signed out.`,
};

/** Says why and exits: 2 for bad input (as a usage error), 1 for anything else. */
function fail(err: unknown): never {
  if (err instanceof AppError) {
    const [field, message] = Object.entries(err.errors ?? {})[0] ?? [];
    console.error(field ? `--${field}: ${message}` : err.message);
    process.exit(err.code === 'VALIDATION' ? 2 : 1);
  }
  console.error((err as Error).message);
  process.exit(1);
}

let values: { email?: string; password?: string; name?: string } = {};
try {
  ({ values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } } }));
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (values.email === undefined || values.password === undefined) {
  console.error(USAGE);
  process.exit(2);
}

let config;
try {
  checkAdminInput(values);
  config = loadDatabaseConfig();
} catch (err) {
  fail(err);
}
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir }).catch((err: Error) => fail(new Error(`Cannot open the database: ${err.message}`)));
let result: CreateAdminResult;
try {
  await migrate(db);
  result = await createAdmin(db, values);
} catch (err) {
  await db.close();
  fail(err);
}
await db.close();
console.log(DONE[result.outcome](result.email));
