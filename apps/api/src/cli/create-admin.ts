import { parseArgs } from 'node:util';
import { emailSchema, passwordSchema } from '@parkly/shared/accounts';
import { loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { hashPassword } from '../lib/passwords';

const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } } });
const email = emailSchema.safeParse(values.email);
const password = passwordSchema.safeParse(values.password);
if (!email.success || !password.success) {
  console.error('Usage: npm run create-admin -- --email you@example.com --password "a long password" [--name "Your Name"]');
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
await migrate(db);
const hash = await hashPassword(password.data);
await db.query(
  `INSERT INTO users (name, email, password_hash, role) VALUES ($1, $2, $3, 'admin')
   ON CONFLICT (email) DO UPDATE SET role = 'admin', password_hash = EXCLUDED.password_hash, updated_at = now()`,
  [values.name ?? 'Administrator', email.data, hash],
);
console.log(`${email.data} is an administrator.`);
await db.close();
