/**
 * The files of local storage in DATA_DIR (uploads/, private/) and the VAPID keys (vapid.json), which
 * browsers' push subscriptions are bound to. A backup links them into its staging folder (a snapshot
 * of the list that costs no copy; copied when the folder is on another file system); a restore moves
 * the unpacked ones into place and keeps the old ones aside until it has succeeded.
 */
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { VAPID_FILE } from '../push/vapid-keys';
import { BackupError } from './backup-error';
import { filesUnder } from './archive';
import { FILE_FOLDERS } from './manifest';

function linkOrCopy(from: string, to: string) {
  mkdirSync(dirname(to), { recursive: true });
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/** Puts DATA_DIR's files under `<stagingDir>/files/`; answers how many. `withStorage`: uploads/ and private/ too (local storage). */
export async function stageLocalFiles(dataDir: string, stagingDir: string, withStorage: boolean): Promise<number> {
  let count = 0;
  if (withStorage) {
    for (const folder of FILE_FOLDERS) {
      const { files, others } = await filesUnder(join(dataDir, folder));
      if (others.length) throw new BackupError(`${join(dataDir, folder)} holds links or special files (${others.slice(0, 3).join(', ')}): a backup carries plain files only.`);
      for (const f of files) linkOrCopy(join(dataDir, folder, f), join(stagingDir, 'files', folder, f));
      count += files.length;
    }
  }
  if (existsSync(join(dataDir, VAPID_FILE))) {
    linkOrCopy(join(dataDir, VAPID_FILE), join(stagingDir, 'files', VAPID_FILE));
    count += 1;
  }
  return count;
}

/** What of the backup's files the target already holds differently: a restore replaces it only with --force. */
export async function filesInTheWay(dataDir: string, unpackedFiles: string, withStorage: boolean): Promise<string[]> {
  const inTheWay: string[] = [];
  if (withStorage) {
    for (const folder of FILE_FOLDERS) {
      const { files } = await filesUnder(join(dataDir, folder));
      if (files.length) inTheWay.push(`${join(dataDir, folder)} (${files.length} files)`);
    }
  }
  const vapid = join(dataDir, VAPID_FILE);
  const restored = join(unpackedFiles, VAPID_FILE);
  if (existsSync(vapid) && existsSync(restored) && !readFileSync(vapid).equals(readFileSync(restored))) inTheWay.push(`${vapid} (other push keys)`);
  return inTheWay;
}

/**
 * Moves the unpacked files into DATA_DIR; what was there goes to `asideDir`. With local storage the
 * folders are replaced whole; vapid.json only when the backup has one. Returns the undo.
 */
export function moveFilesIntoPlace(unpackedFiles: string, dataDir: string, asideDir: string, withStorage: boolean): () => void {
  const moves: [string, string][] = [];
  const move = (from: string, to: string) => {
    mkdirSync(dirname(to), { recursive: true });
    renameSync(from, to);
    moves.push([from, to]);
  };
  const undo = () => {
    for (const [from, to] of moves.reverse()) renameSync(to, from);
  };
  try {
    const names = [...(withStorage ? FILE_FOLDERS : []), ...(existsSync(join(unpackedFiles, VAPID_FILE)) ? [VAPID_FILE] : [])];
    for (const name of names) {
      if (existsSync(join(dataDir, name))) move(join(dataDir, name), join(asideDir, name));
      if (existsSync(join(unpackedFiles, name))) move(join(unpackedFiles, name), join(dataDir, name));
    }
  } catch (err) {
    undo();
    throw err;
  }
  return undo;
}
