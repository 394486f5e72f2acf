import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock';
import { openDatabase } from './open';

describe('the embedded database lock (DATA_DIR/db.lock)', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'parkly-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('is held while the database is open and let go when it closes', async () => {
    const dir = dataDir();
    const db = await openDatabase({ dataDir: dir });
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    await db.close();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('refuses while another live process holds it, naming that process', () => {
    const dir = dataDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeFileSync(join(dir, LOCK_FILE), String(holder.pid));
      expect(() => lockDataDir(dir)).toThrow(DatabaseInUseError);
      expect(() => lockDataDir(dir)).toThrow(`is in use by process ${holder.pid} (a running Parkly server?): stop it first.`);
      expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(String(holder.pid));
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock whose process is gone, or that this very process left (a restarted container reuses its pid)', () => {
    const dir = dataDir();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    for (const stale of [gone, String(process.pid), 'not a pid', '']) {
      writeFileSync(join(dir, LOCK_FILE), stale);
      const release = lockDataDir(dir);
      expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
      release();
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    }
  });
});
