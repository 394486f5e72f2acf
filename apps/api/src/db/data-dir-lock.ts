import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'db.lock';

/** Someone else has the embedded database open: the message names the process. */
export class DatabaseInUseError extends Error {}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * One process at a time on an embedded database: PGlite opens a folder another process has open without
 * a word, and two of them writing corrupt it. The holder's pid is kept in DATA_DIR/db.lock (beside the
 * folder, so a dump of the folder never carries it). A lock whose process is gone, or is this very
 * process (a restarted container reuses pid 1), is stale and taken over. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, LOCK_FILE);
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const pid = Number.parseInt(readLock(file), 10);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
      throw new DatabaseInUseError(`The embedded database in ${join(dataDir, 'db')} is in use by process ${pid} (a running Parkly server?): stop it first.`);
    }
    try {
      unlinkSync(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}

function readLock(file: string) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
