/**
 * PostgreSQL's own tools, from Debian's postgresql-client: pg_dump (custom format) for a backup,
 * pg_restore and psql for a restore. The password travels in PGPASSWORD, never on a command line.
 */
import { spawn } from 'node:child_process';
import { Transform } from 'node:stream';
import { BackupError } from './backup-error';

export interface Connection {
  /** the URL without its password (libpq reads it with -d) */
  url: string;
  env: NodeJS.ProcessEnv;
}

export function connectionOf(databaseUrl: string): Connection {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password && { PGPASSWORD: password }) } };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function start(tool: string, args: string[], env: NodeJS.ProcessEnv, stdin: 'pipe' | 'ignore', collectStdout: boolean) {
  const child = spawn(tool, args, { env, stdio: [stdin, 'pipe', 'pipe'] });
  const run: Run = { code: null, stdout: '', stderr: '' };
  if (collectStdout) child.stdout!.setEncoding('utf8').on('data', (d: string) => (run.stdout += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (run.stderr = (run.stderr + d).slice(-20_000)));
  const done = new Promise<Run>((resolve, reject) => {
    child.on('error', (err: NodeJS.ErrnoException) => reject(err.code === 'ENOENT' ? notInstalled(tool) : err));
    child.on('close', (code) => resolve({ ...run, code }));
  });
  return { child, done };
}

/** Runs a tool to its end. A tool that is not installed is a BackupError. */
export function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  return start(tool, args, env, 'ignore', true).done;
}

/**
 * Runs `from | to`, streaming (a dump's script can be far larger than memory should hold), with
 * `before` written to `to` first and `after` once `from` has finished well. When `from` fails, `to` is
 * killed before its input ends, so a transaction it holds open is never committed half done.
 */
export async function pipeTools(
  from: [string, string[]],
  to: [string, string[]],
  env: NodeJS.ProcessEnv,
  text: { before: string; after: string; replaceInHead?: [string, string] },
): Promise<{ from: Run; to: Run & { killed: boolean } }> {
  const target = start(to[0], to[1], env, 'pipe', false);
  const source = start(from[0], from[1], env, 'ignore', false);
  const stdin = target.child.stdin!;
  // a target that stopped on an error reads no more: the source, blocked on a full pipe, is stopped
  stdin.on('error', () => undefined);
  void target.done.finally(() => source.child.exitCode === null && source.child.kill('SIGKILL')).catch(() => undefined);
  stdin.write(text.before);
  const output = source.child.stdout!;
  const last = text.replaceInHead ? output.pipe(replaceInHead(text.replaceInHead)) : output;
  last.pipe(stdin, { end: false });
  // everything the source wrote has been handed to the target (the process may end before its output does)
  const drained = new Promise<void>((resolve) => last.once('end', resolve).once('close', resolve));
  let killed = false;
  const [first, second] = await Promise.allSettled([
    source.done.then(async (run) => {
      if (run.code === 0) {
        await drained;
        stdin.end(text.after);
      } else if (target.child.exitCode === null) {
        killed = true;
        target.child.kill('SIGKILL');
      }
      return run;
    }),
    target.done,
  ]);
  if (first.status === 'rejected') {
    target.child.kill('SIGKILL');
    await target.done.catch(() => undefined);
    throw first.reason;
  }
  if (second.status === 'rejected') throw second.reason;
  return { from: first.value, to: { ...second.value, killed } };
}

/**
 * Replaces the first `from` in the first 64 KiB of a stream (a script's settings) with `to`, as bytes
 * (a character split between two chunks stays whole); everything after passes as it is.
 */
function replaceInHead([from, to]: [string, string], size = 64 * 1024) {
  let head: Buffer[] | null = [];
  let length = 0;
  const release = (t: Transform) => {
    if (!head) return;
    const bytes = Buffer.concat(head);
    const at = bytes.indexOf(from);
    t.push(at < 0 ? bytes : Buffer.concat([bytes.subarray(0, at), Buffer.from(to), bytes.subarray(at + Buffer.byteLength(from))]));
    head = null;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!head) return done(null, chunk);
      head.push(chunk);
      length += chunk.length;
      if (length >= size) release(this);
      done();
    },
    flush(done) {
      release(this);
      done();
    },
  });
}

export const notInstalled = (tool: string) =>
  new BackupError(`${tool} was not found. Install PostgreSQL's client tools (Debian: apt-get install postgresql-client) at the server's major version or newer.`);

/** The major version of a client tool, from `tool --version` ("pg_dump (PostgreSQL) 15.20 (Debian …)"). */
export async function toolMajor(tool: string): Promise<number> {
  const run = await runTool(tool, ['--version']);
  const major = /\(PostgreSQL\) (\d+)/.exec(run.stdout)?.[1];
  if (run.code !== 0 || !major) throw new BackupError(`${tool} --version did not say which PostgreSQL it is: ${run.stderr.trim() || run.stdout.trim()}`);
  return Number(major);
}

/** pg_dump cannot dump a server newer than itself, nor pg_restore read a newer pg_dump's archive: say so first, with what to install. */
export function checkClientVersion(tool: string, toolMajorVersion: number, neededMajor: number, what: string) {
  if (toolMajorVersion >= neededMajor) return;
  throw new BackupError(
    `${tool} is PostgreSQL ${toolMajorVersion}'s, older than ${what} (PostgreSQL ${neededMajor}). Install the client tools of PostgreSQL ${neededMajor} or newer ` +
      `(Debian: apt-get install postgresql-client-${neededMajor}, from apt.postgresql.org when Debian's own release has no such version), then run this again.`,
  );
}

/** The first lines of what a tool printed on failure (the password is never on its command line). */
export const toolError = (run: Run) => run.stderr.trim().split('\n').slice(0, 8).join('\n') || `exit code ${run.code}`;
