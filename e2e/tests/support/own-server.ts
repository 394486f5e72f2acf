import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API } from './fixtures';

/**
 * An API server of a spec's own: the built server on a free port with an empty data folder, for a spec
 * that needs settings the shared server lacks (a payment provider pointed at a fake). The spec's tests
 * share it in order (`mode: 'serial'`); `stop` ends it and removes its data.
 */
export interface OwnServer {
  /** http://127.0.0.1:<port> */
  base: string;
  stop(): Promise<void>;
  /**
   * Stops the server, keeping its data, runs `work` while nothing else holds its database (the embedded one has
   * one writer), then starts it again on the same address: a spec's way to run a job at a time of its own.
   * `work` is given the server's settings (its environment, data folder included).
   */
  paused<T>(work: (env: Record<string, string>) => Promise<T>): Promise<T>;
}

const SERVER = fileURLToPath(new URL('../../../apps/api/dist/server.js', import.meta.url));

async function freePort() {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as { port: number };
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/**
 * Starts the server with `env` over the defaults (quiet logs, no rate limits, demo data as the server's
 * own default) and waits for its health answer; a server that stops or never answers fails with its
 * standard error.
 */
export async function startOwnServer(label: string, env: Record<string, string>, { waitMs = 120_000 } = {}): Promise<OwnServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `parkly-e2e-${label}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serverEnv: Record<string, string> = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMITS: '0', PUBLIC_URL: base, ...env };
  let server: ChildProcess;
  let stderr = '';

  const halt = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    }
  };
  const stop = async () => {
    await halt();
    rmSync(dataDir, { recursive: true, force: true });
  };

  /** Starts the server and waits for its health answer; one that stops or never answers fails with its standard error. */
  async function launch() {
    stderr = '';
    server = spawn(process.execPath, [SERVER], { env: { ...process.env, ...serverEnv }, stdio: ['ignore', 'ignore', 'pipe'] });
    server.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const until = Date.now() + waitMs;
    for (;;) {
      if (server.exitCode !== null) {
        await stop();
        throw new Error(`the API server stopped (${server.exitCode})\n${stderr}`);
      }
      if (await fetch(`${base}${API}/health`).then((r) => r.ok, () => false)) return;
      if (Date.now() > until) {
        await stop();
        throw new Error(`no answer from ${base}${API}/health\n${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 300));
    }
  }

  await launch();
  return {
    base,
    stop,
    async paused(work) {
      await halt();
      try {
        return await work(serverEnv);
      } finally {
        await launch();
      }
    },
  };
}
