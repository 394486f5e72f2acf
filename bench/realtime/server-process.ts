/**
 * The API as a process of its own (apps/api/src/server.ts under tsx, as `npm start` runs it but from
 * the sources), so that its CPU time and memory, read from /proc, are its own and not the socket
 * clients' or the senders'.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { API_BASE } from '@parkly/shared/constants';
import type { ProbeAnswer, ProbeCommand } from './server-probe';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER = fileURLToPath(new URL('../../apps/api/src/server.ts', import.meta.url));
const PROBE = new URL('./server-probe.ts', import.meta.url).href;

/** A port free now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** User + system CPU ms and resident memory (now and peak) of a process, from /proc. */
export function procStats(pid: number) {
  let cpuMs = 0;
  let rssMb = 0;
  let peakMb = 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    cpuMs = (Number(f[11]) + Number(f[12])) * 10;
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    peakMb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    // not Linux, or the process is gone
  }
  return { cpuMs, rssMb, peakMb };
}

export interface ApiProcess {
  port: number;
  pid: number;
  /** a question to the probe inside the API process (server-probe.ts) */
  tell(c: ProbeCommand): void;
  ask<T extends ProbeAnswer>(c: ProbeCommand): Promise<T>;
  stop(): Promise<void>;
}

export async function startApi(env: Record<string, string>, log: (line: string) => void, server = SERVER): Promise<ApiProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '--import', PROBE, server], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-4000)));
  child.stderr!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));

  const until = performance.now() + 120_000;
  for (;;) {
    if (gone) throw new Error(`the API process ended before answering:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}${API_BASE}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (performance.now() > until) throw new Error(`the API did not answer on port ${port} within 2 minutes:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  log(`  API process ${child.pid} on port ${port}`);

  return {
    port,
    pid: child.pid!,
    tell: (c) => child.send(c),
    ask: <T extends ProbeAnswer>(c: ProbeCommand) =>
      new Promise<T>((resolve) => {
        child.once('message', (m: T) => resolve(m));
        child.send(c);
      }),
    async stop() {
      if (gone) return;
      child.disconnect();
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
