/**
 * What the load-balancer test runs: a fresh PostgreSQL database, the built server (apps/api/dist/server.js)
 * as separate processes, nginx with deploy/nginx/parkly.conf (only its listen addresses, the instances'
 * ports and the certificate and ACME paths replaced), and clients that talk HTTPS and WebSocket to it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';

export const ROOT = resolve(import.meta.dirname, '../..');
export const SERVER_JS = join(ROOT, 'apps/api/dist/server.js');
export const NGINX_CONF = join(ROOT, 'deploy/nginx/parkly.conf');
export const API = '/backend/api/v1';

/** This test's ports (4600-4699). */
export const PORTS = { a: 4601, b: 4602, metricsA: 4611, metricsB: 4612, https: 4643, http: 4680 } as const;

/** nginx: NGINX_BIN, Debian's /usr/sbin/nginx, or the one on PATH. */
export function nginxBinary(): string | null {
  if (process.env.NGINX_BIN) return process.env.NGINX_BIN;
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** Why the test cannot run here (scripts/test.mjs then skips the step), or null. */
export function missingPrerequisite(): string | null {
  if (!process.env.TEST_DATABASE_URL) return 'TEST_DATABASE_URL is not set (the instances share one PostgreSQL database)';
  if (!nginxBinary()) return 'nginx is not installed (apt-get install nginx)';
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
  } catch {
    return 'openssl is not installed (it makes the test certificate)';
  }
  if (!existsSync(SERVER_JS)) return 'the server is not built (npm run build)';
  return null;
}

/** A new database on TEST_DATABASE_URL's server; `drop` removes it. */
export async function createDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `parkly_lb_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once something accepts TCP connections on the port. */
async function waitForPort(port: number, ms: number) {
  const until = Date.now() + ms;
  for (;;) {
    const open = await new Promise<boolean>((res) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), res(true)));
      s.once('error', () => res(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`nothing listens on ${port}`);
    await sleep(100);
  }
}

/** One instance of the built server, started, stopped with SIGTERM and started again. */
export class Instance {
  private child: ChildProcess | null = null;
  log = '';
  constructor(
    readonly name: string,
    readonly port: number,
    readonly metricsPort: number,
    private readonly env: Record<string, string>,
  ) {}

  async start() {
    const child = spawn(process.execPath, [SERVER_JS], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...this.env, PORT: String(this.port), METRICS_PORT: String(this.metricsPort) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout!.on('data', (d: Buffer) => (this.log += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (this.log += d.toString()));
    const until = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${this.name} exited with ${child.exitCode}:\n${this.log}`);
      const ready = await request('GET', `${API}/ready`, { port: this.port }).catch(() => null);
      if (ready?.status === 200) return;
      if (Date.now() > until) throw new Error(`${this.name} did not become ready:\n${this.log}`);
      await sleep(150);
    }
  }

  /** SIGTERM, then waits for the process to end: resolves with its exit code and how long it took. */
  async stop(): Promise<{ code: number | null; ms: number }> {
    const child = this.child;
    if (!child || child.exitCode !== null) return { code: child?.exitCode ?? null, ms: 0 };
    const started = Date.now();
    const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
    child.kill('SIGTERM');
    const code = await exited;
    this.child = null;
    return { code, ms: Date.now() - started };
  }

  /** SIGKILL and wait for the end (the test's teardown). */
  async kill() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((res) => child.once('exit', res));
    child.kill('SIGKILL');
    await exited;
  }

  /** Open realtime sockets on this instance, from its metrics listener. */
  async sockets(): Promise<number> {
    const res = await request('GET', '/metrics', { port: this.metricsPort });
    const line = res.text.split('\n').find((l) => l.startsWith('parkly_realtime_sockets '));
    return Number(line?.split(' ')[1] ?? NaN);
  }
}

/**
 * deploy/nginx/parkly.conf with only what differs in a test replaced: listen addresses (loopback and
 * this test's ports, no IPv6), the instances' ports, the certificate and the ACME folder. Each
 * replacement must match, so the test follows the shipped file or fails.
 */
export function testNginxConf(dir: string) {
  let conf = readFileSync(NGINX_CONF, 'utf8');
  const replace = (from: string | RegExp, to: string) => {
    const before = conf;
    conf = conf.replace(from, to);
    if (conf === before) throw new Error(`deploy/nginx/parkly.conf no longer contains ${String(from)}`);
  };
  replace('server 127.0.0.1:3001 ', `server 127.0.0.1:${PORTS.a} `);
  replace('server 127.0.0.1:3002 ', `server 127.0.0.1:${PORTS.b} `);
  replace(/^\s*listen \[::\]:80;\n/m, '');
  replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${PORTS.http};`);
  replace(/^\s*listen \[::\]:443 ssl http2;\n/m, '');
  replace(/^(\s*)listen 443 ssl http2;/m, `$1listen 127.0.0.1:${PORTS.https} ssl http2;`);
  replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${join(dir, 'cert.pem')};`);
  replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${join(dir, 'key.pem')};`);
  replace('root /var/www/letsencrypt;', `root ${join(dir, 'acme')};`);
  return conf;
}

/** nginx in the foreground with the test configuration, everything it writes in `dir`. */
export class Nginx {
  private child: ChildProcess | null = null;
  log = '';
  constructor(readonly dir: string) {}

  async start() {
    const { dir } = this;
    mkdirSync(join(dir, 'acme'), { recursive: true });
    // workers (nobody, when the master is root) read nothing here but the temp folders they own
    chmodSync(dir, 0o755);
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], {
      stdio: 'ignore',
    });
    writeFileSync(join(dir, 'parkly.conf'), testNginxConf(dir));
    const temp = (name: string) => `${name}_temp_path ${join(dir, `${name}-temp`)};`;
    writeFileSync(
      join(dir, 'nginx.conf'),
      [
        'worker_processes 1;',
        `pid ${join(dir, 'nginx.pid')};`,
        `error_log ${join(dir, 'error.log')} warn;`,
        'events { worker_connections 1024; }',
        'http {',
        // which instance answered each request, and how many tries it took
        `  log_format lb '$status $request_method $uri upstream=$upstream_addr upstream_status=$upstream_status';`,
        `  access_log ${join(dir, 'access.log')} lb;`,
        `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
        `  include ${join(dir, 'parkly.conf')};`,
        '}',
        '',
      ].join('\n'),
    );
    const child = spawn(nginxBinary()!, ['-p', `${dir}/`, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stdout!.on('data', (d: Buffer) => (this.log += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (this.log += d.toString()));
    await Promise.race([
      waitForPort(PORTS.https, 10_000),
      new Promise((_, reject) => child.once('exit', (code) => reject(new Error(`nginx exited with ${code}: ${this.log}${this.errorLog()}`)))),
    ]);
  }

  errorLog() {
    const file = join(this.dir, 'error.log');
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  }

  accessLog() {
    const file = join(this.dir, 'access.log');
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  }

  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((res) => child.once('exit', res));
    child.kill('SIGQUIT');
    await Promise.race([exited, sleep(5_000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: <T = Record<string, unknown>>() => T;
}

export interface RequestOptions {
  /** an instance's own port (plain HTTP); nginx (HTTPS) when absent */
  port?: number;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** the client's source address (any 127.x.y.z), to be a client of its own */
  localAddress?: string;
}

const nginxAgent = new https.Agent({ keepAlive: true, rejectUnauthorized: false });
const directAgent = new http.Agent({ keepAlive: true });

/** One HTTP request, through nginx (HTTPS, keep-alive) or straight to an instance. */
export function request(method: string, path: string, opts: RequestOptions = {}): Promise<Answer> {
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = { ...opts.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const direct = opts.port !== undefined;
  const lib = direct ? http : https;
  // a request from another source address gets a connection of its own
  const agent = opts.localAddress ? undefined : direct ? directAgent : nginxAgent;
  return new Promise((res, rej) => {
    const req = lib.request(
      {
        host: '127.0.0.1',
        port: opts.port ?? PORTS.https,
        method,
        path,
        headers,
        agent,
        localAddress: opts.localAddress,
        rejectUnauthorized: false,
        timeout: 30_000,
      },
      (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          res({ status: r.statusCode ?? 0, headers: r.headers, text, json: <T>() => JSON.parse(text) as T });
        });
        r.on('error', rej);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', rej);
    req.end(body);
  });
}

interface EventFrame {
  kind: 'event';
  id: number;
  type: string;
  data: { room_id?: string; message?: { text?: string } };
}

/**
 * A realtime client through nginx that behaves as the web app's (apps/web/src/lib/realtime.ts): a
 * ticket, the socket, `resume` from the last event seen, pongs, and after any close a new ticket
 * and socket after a short wait, resuming where it stopped.
 */
export class RealtimeClient {
  events: EventFrame[] = [];
  closes: number[] = [];
  connects = 0;
  private ws: WebSocket | null = null;
  private lastId: number | null = null;
  private stopped = false;
  private waiters: (() => void)[] = [];

  constructor(private readonly token: string) {}

  async connect() {
    const ticket = await request('POST', `${API}/realtime/ticket`, { token: this.token });
    if (ticket.status !== 200) throw new Error(`ticket: ${ticket.status} ${ticket.text}`);
    const ws = new WebSocket(`wss://127.0.0.1:${PORTS.https}${API}/realtime?ticket=${ticket.json<{ ticket: string }>().ticket}`, { rejectUnauthorized: false });
    this.ws = ws;
    await new Promise<void>((res, rej) => {
      ws.on('message', (raw: Buffer) => {
        const frame = JSON.parse(raw.toString()) as { kind: string; last_id?: number; t?: number } | EventFrame;
        if (frame.kind === 'hello') {
          ws.send(JSON.stringify({ kind: 'resume', after_id: this.lastId ?? (frame as { last_id: number }).last_id }));
          this.lastId ??= (frame as { last_id: number }).last_id;
          this.connects += 1;
          res();
        } else if (frame.kind === 'ping') {
          ws.send(JSON.stringify({ kind: 'pong', t: (frame as { t: number }).t }));
        } else if (frame.kind === 'event') {
          const e = frame as EventFrame;
          this.events.push(e);
          if (this.lastId === null || e.id > this.lastId) this.lastId = e.id;
        }
        this.waiters.splice(0).forEach((w) => w());
      });
      ws.on('error', rej);
      ws.on('close', (code: number) => {
        this.closes.push(code);
        if (this.ws === ws) this.ws = null;
        if (!this.stopped) void this.reconnect();
      });
    });
  }

  /** As the web app: a wait of 0.5 to 1 s, then a new ticket and socket, again until one opens. */
  private async reconnect() {
    for (let attempt = 0; !this.stopped; attempt++) {
      await sleep(500 + Math.random() * 500 * Math.min(attempt + 1, 4));
      try {
        await this.connect();
        return;
      } catch {
        // the next attempt
      }
    }
  }

  messageTexts(roomId: string) {
    return this.events.filter((e) => e.type === 'message' && e.data.room_id === roomId).map((e) => e.data.message?.text ?? '');
  }

  async waitFor(test: () => boolean, ms = 10_000) {
    const until = Date.now() + ms;
    while (!test()) {
      if (Date.now() > until) throw new Error(`timed out; events: ${JSON.stringify(this.events.map((e) => [e.id, e.type]))}; closes: ${this.closes.join(',')}`);
      await new Promise<void>((res) => {
        const t = setTimeout(res, 200);
        this.waiters.push(() => (clearTimeout(t), res()));
      });
    }
  }

  close() {
    this.stopped = true;
    this.ws?.close(1000);
  }
}

