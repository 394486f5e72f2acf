import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../lib/paths';
import type { Database } from './database';

/** Applies every migrations/NNN_name.sql not yet applied, in order, each in its own transaction. */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const files = readdirSync(dir).filter((f) => /^\d{3}_.+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    const sql = readFileSync(join(dir, file), 'utf8');
    const done = await db.transaction(async (tx) => {
      // several instances may start at once on PostgreSQL: one applies, the others wait and skip
      if (db.kind === 'postgres') await tx.query(`SELECT pg_advisory_xact_lock(727274)`);
      const seen = await tx.query(`SELECT 1 FROM schema_migrations WHERE name = $1`, [file]);
      if (seen.length) return false;
      await runScript(tx, sql);
      await tx.query(`INSERT INTO schema_migrations (name) VALUES ($1)`, [file]);
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}

/** Splits a migration on statement boundaries (`;` at a line end, outside $$ bodies). */
async function runScript(tx: { query: (t: string) => Promise<unknown> }, sql: string) {
  for (const statement of splitStatements(sql)) await tx.query(statement);
}

export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    if (/^\s*--/.test(line) && !inDollar) continue;
    current += line + '\n';
    const dollars = line.match(/\$\$/g)?.length ?? 0;
    if (dollars % 2 === 1) inDollar = !inDollar;
    if (!inDollar && /;\s*$/.test(line)) {
      if (current.trim()) out.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

/** Migration files not applied yet (all of them when the bookkeeping table does not exist yet). */
export async function pendingMigrations(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir).filter((f) => /^\d{3}_.+\.sql$/.test(f));
  const [table] = await db.query<{ t: string | null }>(`SELECT to_regclass('schema_migrations')::text AS t`);
  if (!table?.t) return files.sort();
  const applied = new Set((await db.query<{ name: string }>(`SELECT name FROM schema_migrations`)).map((r) => r.name));
  return files.filter((f) => !applied.has(f)).sort();
}
