import { BackupError } from '../modules/backup/backup-error';

/**
 * Relative paths (DATA_DIR's default ./data, --out) are the caller's: npm runs a workspace's script in
 * the workspace's folder (apps/api), where `npm start`'s ./data is not.
 */
export function useCallerDir() {
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
}

/**
 * Runs a command-line task: paths are taken from where the person ran npm (npm runs a workspace's
 * script in its own folder), and a failure is one readable line and exit code 1, never a stack for a
 * refusal we explain.
 */
export async function runCli(what: string, task: () => Promise<void>) {
  useCallerDir();
  try {
    await task();
  } catch (err) {
    const known = err instanceof BackupError || (err instanceof Error && err.message.startsWith('Invalid configuration'));
    console.error(known ? (err as Error).message : `${what} failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  }
}
