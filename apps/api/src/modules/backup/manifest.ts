/**
 * What a backup archive holds, as manifest.json inside it: read before anything is restored, and every
 * other file of the archive must be listed here with its size and SHA-256.
 */
import { z } from 'zod';

export const BACKUP_FORMAT = 'parkly-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';

export const DATABASE_FILES = { postgres: 'database/postgres.dump', pglite: 'database/pglite.tar.gz' } as const;
/** The local storage folders of DATA_DIR a backup carries, and the VAPID keys push subscriptions are bound to. */
export const FILE_FOLDERS = ['uploads', 'private'] as const;
export const VAPID_ENTRY = 'files/vapid.json';

/** A name no one can turn into a path outside the folder it is unpacked in. */
const SEGMENT = /^[A-Za-z0-9_~@+=,-][A-Za-z0-9._~@+=,-]*$/;
const safeFilePath = (path: string) => {
  const parts = path.split('/');
  return parts.length >= 3 && parts[0] === 'files' && (FILE_FOLDERS as readonly string[]).includes(parts[1]!) && parts.slice(2).every((p) => SEGMENT.test(p));
};
export const entryPathSchema = z
  .string()
  .max(1024)
  .refine((p) => Object.values(DATABASE_FILES).includes(p as never) || p === VAPID_ENTRY || safeFilePath(p), 'is not a path a Parkly backup holds');

const entrySchema = z.object({
  path: entryPathSchema,
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ManifestEntry = z.infer<typeof entrySchema>;

const tableName = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/);

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().min(1),
  created_at: z.iso.datetime(),
  database: z.object({
    kind: z.enum(['postgres', 'pglite']),
    file: z.enum([DATABASE_FILES.postgres, DATABASE_FILES.pglite]),
    /** the server's version (PostgreSQL) or PGlite's */
    server_version: z.string().max(200),
    /** pg_dump's major version: pg_restore must be at least as new */
    dump_major: z.number().int().min(9).nullable(),
    migrations: z.array(z.string().regex(/^\d{3}_[A-Za-z0-9_.-]+\.sql$/)),
    /** rows in each table of the public schema when the dump was taken */
    tables: z.record(tableName, z.number().int().min(0)),
  }),
  files: z.object({
    storage: z.enum(['local', 's3']),
    /** with S3: the bucket, whose files this backup does not hold */
    bucket: z.string().nullable(),
  }),
  entries: z.array(entrySchema),
});
export type Manifest = z.infer<typeof manifestSchema>;
