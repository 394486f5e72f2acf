import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, openTestDatabase } from '../../test/helper';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/database';
import { ROUTE_LIMITS } from '../modules/accounts/accounts.limits';
import { parseTrustProxy } from './trust-proxy';

describe('parseTrustProxy', () => {
  it('reads 0, false and nothing as trust nothing, a number as hops, a list as addresses and ranges', () => {
    expect(parseTrustProxy('0')).toEqual({ ok: true, value: false });
    expect(parseTrustProxy('false')).toEqual({ ok: true, value: false });
    expect(parseTrustProxy(' FALSE ')).toEqual({ ok: true, value: false });
    expect(parseTrustProxy('1')).toEqual({ ok: true, value: 1 });
    expect(parseTrustProxy('2')).toEqual({ ok: true, value: 2 });
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.7,fd00::/8 , ::1')).toEqual({ ok: true, value: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1'] });
    expect(parseTrustProxy('2001:db8::/32,::ffff:10.0.0.1')).toEqual({ ok: true, value: ['2001:db8::/32', '::ffff:10.0.0.1'] });
  });

  it('refuses every value that trusts every hop, saying what to set instead', () => {
    for (const raw of ['true', 'TRUE', 'yes', 'on', 'all', 'any', '*', '0.0.0.0/0', '10.0.0.1/0', '::/0', '::ffff:0:0/96', '0:0:0:0:0:ffff:0:0/96', '::ffff:10.0.0.0/80', '10.0.0.0/8,0.0.0.0/0']) {
      const r = parseTrustProxy(raw);
      expect(r.ok, raw).toBe(false);
      if (!r.ok) {
        expect(r.message, raw).toMatch(/would trust every hop/);
        expect(r.message, raw).toMatch(/number of proxies in front of the app \(1 for one nginx or one load balancer\)/);
      }
    }
  });

  it('refuses what is not an address or range, in plain words', () => {
    for (const raw of ['nginx', '10.0.0', '0x7f.0.0.1', '127.1', '10.0.0.0/33', 'fd00::/129', '10.0.0.0/x', '10.0.0.0/8/8', 'fe80::1%eth0', '-1', '1.5', ',', '11', '10.0.0.0/255.0.0.0']) {
      const r = parseTrustProxy(raw);
      expect(r.ok, raw).toBe(false);
    }
    const r = parseTrustProxy('10.0.0.0/8,nginx');
    expect(r).toEqual({ ok: false, message: expect.stringContaining('"nginx" is not an IPv4 or IPv6 address or CIDR range') });
  });

  it('is checked at start with the variable named', () => {
    const base = { DATA_DIR: '/tmp/parkly-trust-test' };
    expect(loadConfig(base).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/^Invalid configuration:\n {2}TRUST_PROXY: "true" would trust every hop/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY: "proxy.internal" is not an IPv4 or IPv6 address/);
  });
});

/** The app as the server builds it, on one shared database, with TRUST_PROXY as given. */
describe('the client address behind proxies', () => {
  let db: Database;
  let dataDir: string;
  const apps: App[] = [];
  let n = 0;

  beforeAll(async () => {
    db = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'parkly-trust-'));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function appWith(env: Record<string, string>) {
    const config = loadConfig({ DATA_DIR: dataDir, RATE_LIMITS: '0', LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env });
    const app = await buildApp({ config, db, webDistDir: join(dataDir, 'no-web') });
    await app.ready();
    apps.push(app);
    return app;
  }

  /** The address the app took the caller for: what it wrote on the session a sign-up opened. */
  async function addressSeen(app: App, remoteAddress: string, forwardedFor?: string) {
    n += 1;
    const res = await app.inject({
      method: 'POST',
      url: api('signup'),
      remoteAddress,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
      payload: { name: 'Proxy Test', email: `proxy${n}-${Date.now()}@example.com`, password: 'a sensible passphrase' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await db.query<{ ip: string }>(`SELECT ip FROM sessions WHERE user_id = $1`, [res.json().result.id]);
    return row!.ip;
  }

  it('trusts nothing by default: X-Forwarded-For is ignored', async () => {
    const app = await appWith({});
    expect(await addressSeen(app, '203.0.113.10', '198.51.100.99')).toBe('203.0.113.10');
    expect(await addressSeen(app, '203.0.113.10')).toBe('203.0.113.10');
  });

  it('TRUST_PROXY=1: the entry the one proxy appended, never one the caller wrote', async () => {
    const app = await appWith({ TRUST_PROXY: '1' });
    // the proxy (10.0.0.5) appended the address it saw; the caller forged the entries before it
    expect(await addressSeen(app, '10.0.0.5', '203.0.113.20')).toBe('203.0.113.20');
    expect(await addressSeen(app, '10.0.0.5', '1.2.3.4, 203.0.113.20')).toBe('203.0.113.20');
    expect(await addressSeen(app, '10.0.0.5', '127.0.0.1, 10.0.0.1, 203.0.113.20')).toBe('203.0.113.20');
    // no header: the socket's address
    expect(await addressSeen(app, '10.0.0.5')).toBe('10.0.0.5');
  });

  it('TRUST_PROXY=2: the entry the outer proxy appended', async () => {
    const app = await appWith({ TRUST_PROXY: '2' });
    // client -> CDN (appends the client) -> nginx (appends the CDN) -> app
    expect(await addressSeen(app, '10.0.0.5', '203.0.113.30, 172.16.0.9')).toBe('203.0.113.30');
    expect(await addressSeen(app, '10.0.0.5', '6.6.6.6, 7.7.7.7, 203.0.113.30, 172.16.0.9')).toBe('203.0.113.30');
  });

  it('a list of addresses and ranges: hops are believed only from those proxies, IPv4 and IPv6', async () => {
    const app = await appWith({ TRUST_PROXY: '10.0.0.0/8,fd00::/8,192.0.2.7' });
    expect(await addressSeen(app, '10.1.2.3', '1.1.1.1, 203.0.113.40')).toBe('203.0.113.40');
    // a chain of trusted proxies is walked back to the first untrusted address
    expect(await addressSeen(app, '10.1.2.3', '1.1.1.1, 203.0.113.41, 192.0.2.7, 10.9.9.9')).toBe('203.0.113.41');
    expect(await addressSeen(app, 'fd00::5', '2001:db8::42')).toBe('2001:db8::42');
    expect(await addressSeen(app, '::ffff:10.0.0.8', '203.0.113.43')).toBe('203.0.113.43');
    // a caller that is not one of the proxies is its own address, whatever it writes
    expect(await addressSeen(app, '198.51.100.50', '203.0.113.44')).toBe('198.51.100.50');
    expect(await addressSeen(app, '2001:db8::50', '10.0.0.1')).toBe('2001:db8::50');
    // nor can it pass for a proxy by naming proxies in the header
    expect(await addressSeen(app, '198.51.100.51', '10.0.0.1, 10.0.0.2')).toBe('198.51.100.51');
  });

  it('TRUST_PROXY=1: a new X-Forwarded-For on every try does not dodge the per-address login limit', async () => {
    const app = await appWith({ TRUST_PROXY: '1', RATE_LIMITS: '1' });
    const login = (forged: string, client: string) =>
      app.inject({ method: 'POST', url: api('login'), remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': `${forged}, ${client}` }, payload: {} });
    for (let i = 0; i < ROUTE_LIMITS.login.max; i++) expect((await login(`198.18.${i}.${i + 1}`, '203.0.113.60')).statusCode).toBe(400);
    const limited = await login('198.18.250.250', '203.0.113.60');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // another person behind the same proxy is not locked out
    expect((await login('198.18.250.251', '203.0.113.61')).statusCode).toBe(400);
  });
});
