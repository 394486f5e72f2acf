/**
 * PostgreSQL's side of a backup and a restore. The dump (pg_dump -Fc) reads the snapshot a transaction
 * of ours exported, so the row counts and migrations written in the manifest are exactly the dump's.
 * A restore runs pg_restore's script through psql in one transaction, with the row check at its end:
 * it lands whole or not at all, and with --force the old schema goes in that same transaction.
 */
import pg from 'pg';
import type { Queryable } from '../../db/database';
import { BackupError } from './backup-error';
import { appliedMigrations, countRows, expectRowsStatement, publicTables } from './backup.repository';
import { checkClientVersion, connectionOf, pipeTools, runTool, toolError, toolMajor } from './postgres-tools';

export interface DatabaseDump {
  serverVersion: string;
  dumpMajor: number | null;
  migrations: string[];
  tables: Record<string, number>;
}

async function connect(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(`Cannot connect to DATABASE_URL: ${(err as Error).message}`);
  }
  const q: Queryable = { query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[] };
  return { client, q };
}

async function serverMajor(q: Queryable) {
  const [row] = await q.query<{ num: string; version: string }>(`SELECT current_setting('server_version_num') AS num, current_setting('server_version') AS version`);
  return { major: Math.floor(Number(row!.num) / 10_000), version: row!.version };
}

/** Dumps DATABASE_URL into `file` (custom format), with the counts and migrations of the same snapshot. */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<DatabaseDump> {
  const dumpMajor = await toolMajor('pg_dump');
  const { client, q } = await connect(databaseUrl);
  try {
    const server = await serverMajor(q);
    checkClientVersion('pg_dump', dumpMajor, server.major, 'the server it would dump');
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const [{ snapshot } = { snapshot: '' }] = await q.query<{ snapshot: string }>(`SELECT pg_export_snapshot() AS snapshot`);
    const migrations = await appliedMigrations(q);
    if (migrations.length === 0) throw new BackupError('The database at DATABASE_URL has no Parkly schema (no migrations applied): nothing to back up.');
    const tables = await countRows(q, await publicTables(q));
    const { url, env } = connectionOf(databaseUrl);
    const run = await runTool('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, '--no-owner', '--no-acl', `--file=${file}`, `--dbname=${url}`], env);
    if (run.code !== 0) throw new BackupError(`pg_dump failed:\n${toolError(run)}`);
    await client.query('COMMIT');
    return { serverVersion: `PostgreSQL ${server.version}`, dumpMajor, migrations, tables };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The tables in the target's public schema: a restore without --force needs none. */
export async function postgresTables(databaseUrl: string): Promise<string[]> {
  const { client, q } = await connect(databaseUrl);
  try {
    return await publicTables(q);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** pg_restore must read the archive format of the pg_dump that wrote it. */
export async function checkRestoreTools(dumpMajor: number | null) {
  const restoreMajor = await toolMajor('pg_restore');
  await toolMajor('psql');
  if (dumpMajor !== null) checkClientVersion('pg_restore', restoreMajor, dumpMajor, 'the pg_dump that made this backup');
}

/**
 * The script runs with an empty search_path, and earthdistance's ll_to_earth (an SQL function, inlined
 * where the search's generated column and index use it) names the type `earth` without its schema, so
 * the restore fails with 'type "earth" does not exist' (PostgreSQL before 17). Every name in the script is
 * schema-qualified, so running it with public on the path changes nothing else.
 */
const SEARCH_PATH_FIX: [string, string] = [
  `SELECT pg_catalog.set_config('search_path', '', false);`,
  `SELECT pg_catalog.set_config('search_path', 'public', false);`,
];

/**
 * What --force removes before the restore: every table, view, sequence, function and type in the public
 * schema that is not part of an extension. The extensions stay, so a user who is not a superuser (who
 * could not create earthdistance again) can replace a database whose extensions an administrator made;
 * the script's CREATE EXTENSION IF NOT EXISTS then finds them.
 */
const DROP_OWN_OBJECTS = `DO $drop$
DECLARE r record;
BEGIN
  FOR r IN SELECT format('DROP %s IF EXISTS public.%I CASCADE',
                         CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END,
                         c.relname) AS stmt
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
            AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
          ORDER BY c.relkind = 'S'
  LOOP EXECUTE r.stmt; END LOOP;
  FOR r IN SELECT format('DROP ROUTINE IF EXISTS public.%I(%s) CASCADE', p.proname, pg_get_function_identity_arguments(p.oid)) AS stmt
           FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE n.nspname = 'public'
            AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
  LOOP EXECUTE r.stmt; END LOOP;
  FOR r IN SELECT format('DROP TYPE IF EXISTS public.%I CASCADE', t.typname) AS stmt
           FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
          WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd', 'r', 'c') AND (t.typrelid = 0 OR (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c')
            AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e')
  LOOP EXECUTE r.stmt; END LOOP;
END
$drop$;
`;

/**
 * Restores `file` into DATABASE_URL in one transaction. `replace` drops Parkly's objects first (in the
 * same transaction); `tables` are the row counts the restored tables must have, or nothing is kept.
 */
export async function restorePostgres(databaseUrl: string, file: string, opts: { replace: boolean; tables: Record<string, number> }) {
  const { url, env } = connectionOf(databaseUrl);
  const prelude = opts.replace ? DROP_OWN_OBJECTS : '';
  // pg_restore writes the script (no owners, no grants: the target's user owns what it restores; no
  // comments: COMMENT ON EXTENSION needs the extension's owner, and Parkly's schema has no comments), psql runs it
  const { from: restore, to: psql } = await pipeTools(
    ['pg_restore', ['--no-owner', '--no-acl', '--no-comments', '--file=-', file]],
    ['psql', ['--no-psqlrc', '--quiet', '--single-transaction', '--set=ON_ERROR_STOP=1', `--dbname=${url}`, '--file=-']],
    env,
    { before: prelude, after: `\n${expectRowsStatement(opts.tables)}`, replaceInHead: SEARCH_PATH_FIX },
  );
  // psql's own failure first: pg_restore then fails too, only because its reader went away
  if (psql.code !== 0 && !psql.killed) throw new BackupError(`The restore was rolled back; the database is as it was:\n${toolError(psql)}`);
  if (restore.code !== 0) throw new BackupError(`pg_restore could not read the database dump; the restore was rolled back:\n${toolError(restore)}`);
}
