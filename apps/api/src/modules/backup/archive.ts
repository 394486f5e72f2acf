/**
 * The archive: a gzipped tar of manifest.json, database/ and files/, made and read with node-tar (the
 * npm CLI's own, so it behaves the same on every machine, unlike whichever system tar is installed; on
 * extraction it refuses absolute paths and `..`, and we let only plain files and folders through).
 * An archive is checked whole against its manifest before a restore touches anything.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import * as tar from 'tar';
import { BackupError } from './backup-error';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, MANIFEST_FILE, manifestSchema, type Manifest, type ManifestEntry } from './manifest';

/** Size and SHA-256 of a file, read as a stream. */
export async function digestOf(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Every plain file under `dir`, as paths relative to it with `/`; anything else (links, sockets) is in `others`. */
export async function filesUnder(dir: string): Promise<{ files: string[]; others: string[] }> {
  const files: string[] = [];
  const others: string[] = [];
  if (!existsSync(dir)) return { files, others };
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (entry.isFile()) files.push(path);
    else if (!entry.isDirectory()) others.push(path);
  }
  return { files: files.sort(), others };
}

/** The manifest's entries for the staged files: each one's size and checksum. */
export async function entriesOf(stagingDir: string): Promise<ManifestEntry[]> {
  const { files } = await filesUnder(stagingDir);
  const entries: ManifestEntry[] = [];
  for (const path of files.filter((f) => f !== MANIFEST_FILE)) entries.push({ path, ...(await digestOf(join(stagingDir, path))) });
  return entries;
}

/** Writes the manifest and packs the staging folder into `out` (written beside it, then renamed: never half an archive under its name). */
export async function writeArchive(stagingDir: string, manifest: Manifest, out: string) {
  const checked = manifestSchema.safeParse(manifest);
  if (!checked.success) throw new BackupError(`The backup cannot describe what it holds: ${checked.error.issues[0]?.path.join('.')} ${checked.error.issues[0]?.message}`);
  writeFileSync(join(stagingDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  const partial = `${out}.partial`;
  const top = ['database', 'files'].filter((d) => existsSync(join(stagingDir, d)));
  try {
    await tar.create({ gzip: true, file: partial, cwd: stagingDir, portable: true }, [MANIFEST_FILE, ...top]);
    renameSync(partial, out);
  } finally {
    rmSync(partial, { force: true });
  }
}

/**
 * Unpacks `file` into the empty folder `stagingDir` and checks it: a Parkly manifest of a format this
 * code reads, every file it lists there with its size and checksum, and nothing else.
 */
export async function readArchive(file: string, stagingDir: string): Promise<Manifest> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const refused: string[] = [];
  try {
    await tar.extract({
      file,
      cwd: stagingDir,
      strict: true,
      preserveOwner: false,
      filter: (path, entry) => {
        const type = 'type' in entry ? entry.type : 'File';
        if (type === 'File' || type === 'Directory') return true;
        refused.push(path);
        return false;
      },
    });
  } catch (err) {
    throw new BackupError(`${file} is damaged or is not a Parkly backup (${(err as Error).message}). Nothing was restored.`);
  }
  if (refused.length) throw new BackupError(`${file} is not a Parkly backup: it holds links or special files (${refused.slice(0, 3).join(', ')}). Nothing was restored.`);
  const manifest = readManifest(file, stagingDir);
  await verifyEntries(file, stagingDir, manifest);
  return manifest;
}

function readManifest(file: string, stagingDir: string): Manifest {
  const path = join(stagingDir, MANIFEST_FILE);
  if (!existsSync(path)) throw new BackupError(`${file} is not a Parkly backup: it has no ${MANIFEST_FILE}. Nothing was restored.`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new BackupError(`${file} is damaged: its ${MANIFEST_FILE} is not JSON. Nothing was restored.`);
  }
  const head = json as { format?: unknown; version?: unknown } | null;
  if (head?.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a Parkly backup (its manifest is of another format). Nothing was restored.`);
  if (typeof head.version === 'number' && head.version > BACKUP_FORMAT_VERSION) {
    throw new BackupError(`${file} was made by a newer Parkly (backup format ${head.version}; this one reads ${BACKUP_FORMAT_VERSION}): restore it with that version.`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupError(`${file} is damaged: its manifest is not valid (${issue?.path.join('.')}: ${issue?.message}). Nothing was restored.`);
  }
  return parsed.data;
}

async function verifyEntries(file: string, stagingDir: string, manifest: Manifest) {
  const { files } = await filesUnder(stagingDir);
  const listed = new Map(manifest.entries.map((e) => [e.path, e]));
  const unlisted = files.filter((f) => f !== MANIFEST_FILE && !listed.has(f));
  if (unlisted.length) throw new BackupError(`${file} is not as its manifest says: it holds files the manifest does not list (${unlisted.slice(0, 3).join(', ')}). Nothing was restored.`);
  if (!listed.has(manifest.database.file)) throw new BackupError(`${file} is damaged: its manifest lists no database. Nothing was restored.`);
  for (const entry of manifest.entries) {
    const path = join(stagingDir, entry.path);
    if (!existsSync(path)) throw new BackupError(`${file} is damaged: ${entry.path} is missing. Nothing was restored.`);
    const actual = await digestOf(path);
    if (actual.bytes !== entry.bytes || actual.sha256 !== entry.sha256) {
      throw new BackupError(`${file} is damaged: ${entry.path} does not match its checksum. Nothing was restored.`);
    }
  }
}
