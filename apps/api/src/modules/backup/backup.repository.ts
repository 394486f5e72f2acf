import type { Queryable } from '../../db/database';

/** The tables of the app's schema (public), by name. */
export async function publicTables(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
  return rows.map((r) => r.name);
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Rows in each table (exact counts: a backup reads every row anyway). */
export async function countRows(db: Queryable, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM public.${ident(table)}`);
    counts[table] = Number(row!.n);
  }
  return counts;
}

/** The migrations applied, oldest first (none before the bookkeeping table exists). */
export async function appliedMigrations(db: Queryable): Promise<string[]> {
  const [table] = await db.query<{ t: string | null }>(`SELECT to_regclass('public.schema_migrations')::text AS t`);
  if (!table?.t) return [];
  return (await db.query<{ name: string }>(`SELECT name FROM public.schema_migrations ORDER BY name`)).map((r) => r.name);
}

/**
 * A statement that fails, naming the table, unless every table holds the rows the backup counted: run
 * at the end of a restore's transaction, a mismatch undoes the whole restore.
 */
export function expectRowsStatement(tables: Record<string, number>): string {
  const checks = Object.entries(tables).map(
    ([table, n]) =>
      `  IF (SELECT count(*) FROM public.${ident(table)}) <> ${Number(n)} THEN RAISE EXCEPTION 'restored table % does not hold the % rows the backup counted', ${literal(table)}, ${Number(n)}; END IF;`,
  );
  return `DO $parkly_check$\nBEGIN\n${checks.join('\n')}\nEND\n$parkly_check$;\n`;
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
