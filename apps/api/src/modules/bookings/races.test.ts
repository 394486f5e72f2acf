/**
 * No unit is ever sold twice, however many drivers book at once: the exclusion constraint decides,
 * and the losers get a clean 409. On PostgreSQL the requests really run in parallel (a pool of
 * connections, and a second API process on the same database); PGlite serialises them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, createTestApp, signUp, TEST_DB_KIND, type TestContext } from '../../../test/helper';
import { publishedListing } from '../listings/testing';
import { paidBooking } from './testing';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const base = Math.ceil(Date.now() / 3600_000) * 3600_000 + 48 * 3600_000;
/** 50 windows of 2 hours starting a minute apart: every one overlaps every other. */
const windows = Array.from({ length: 50 }, (_, i) => ({
  start: new Date(base + i * MINUTE).toISOString(),
  end: new Date(base + i * MINUTE + 120 * MINUTE).toISOString(),
}));

async function guests(n: number) {
  const out: string[] = [];
  // sign-ups are slow on purpose (argon2): a few at a time
  for (let i = 0; i < n; i += 10) out.push(...(await Promise.all(Array.from({ length: Math.min(10, n - i) }, () => signUp(t.app)))).map((g) => g.token));
  return out;
}

/** Overlapping bookings of one unit (and bay: two-wheelers share a unit, decision 040) that are live: must always be none. */
async function overlaps(listingId: string) {
  const rows = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM bookings a JOIN bookings b ON a.unit_id = b.unit_id AND a.id < b.id AND a.during && b.during AND a.bays && b.bays
      WHERE a.listing_id = $1 AND a.status IN ('pending_payment', 'requested', 'confirmed') AND b.status IN ('pending_payment', 'requested', 'confirmed')`,
    [listingId],
  );
  return rows[0]!.n;
}

const book = (token: string, body: object) => t.app.inject({ method: 'POST', url: api('bookings'), headers: bearer(token), payload: body });

describe('simultaneous bookings', () => {
  let tokens: string[];
  beforeAll(async () => {
    tokens = await guests(50);
  }, 120_000);

  it('of a one-unit listing: exactly one 201 and 49 409', async () => {
    const { id } = await publishedListing(t.app, { capacity: 1 });
    const answers = await Promise.all(tokens.map((token, i) => book(token, { parking_id: id, ...windows[i]! })));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(answers.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'SLOT_TAKEN')).toBe(true);
    expect(await overlaps(id)).toBe(0);
  });

  it('of a three-unit listing: exactly three', async () => {
    const { id } = await publishedListing(t.app, { capacity: 3 });
    const answers = await Promise.all(tokens.map((token, i) => book(token, { parking_id: id, ...windows[i]! })));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(47);
    const units = await t.db.query(`SELECT DISTINCT unit_id FROM bookings WHERE listing_id = $1`, [id]);
    expect(units).toHaveLength(3);
    expect(await overlaps(id)).toBe(0);
  });

  it('of more time after a stay, against other drivers wanting the same unit then: exactly one wins (decision 039)', async () => {
    const { id } = await publishedListing(t.app, { capacity: 1 });
    const stayWindow = { start: new Date(base - 2 * 60 * MINUTE).toISOString(), end: new Date(base).toISOString() };
    const { guest, booking } = await paidBooking(t.app, id, stayWindow);
    // the stay's driver asks for three lengths of more time at once; twenty others book across its end
    const more = [30, 60, 120].map((m) => ({ token: guest.token, body: { parking_id: id, start: stayWindow.end, end: new Date(base + m * MINUTE).toISOString(), extends_booking_id: booking.id } }));
    const others = tokens.slice(0, 20).map((token, i) => ({ token, body: { parking_id: id, ...windows[i]! } }));
    const answers = await Promise.all([...more, ...others].map(({ token, body }) => book(token, body)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(22);
    expect(answers.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'SLOT_TAKEN')).toBe(true);
    expect(await overlaps(id)).toBe(0);
  });

  describe('two-wheelers sharing a unit (decision 040)', () => {
    const BAYS = 3;
    /** A vehicle of this type for each driver; answers their ids in the same order. */
    const vehiclesOf = (list: string[], vehicleType: string) =>
      Promise.all(
        list.map(async (token, i) => {
          const res = await t.app.inject({ method: 'POST', url: api('vehicles'), headers: bearer(token), payload: { vehicle_type: vehicleType, plate: `KA05${vehicleType === 'motorcycle' ? 'M' : 'C'}${1000 + i}` } });
          if (res.statusCode >= 300) throw new Error(`vehicle failed: ${res.statusCode} ${res.body}`);
          return res.json().result.id as string;
        }),
      );
    let riders: string[];
    let riderVehicles: string[];
    let drivers: string[];
    let carVehicles: string[];
    beforeAll(async () => {
      riders = await guests(BAYS + 3);
      riderVehicles = await vehiclesOf(riders, 'motorcycle');
      drivers = await guests(3);
      carVehicles = await vehiclesOf(drivers, 'sedan');
    }, 120_000);

    const bikeListing = () => publishedListing(t.app, { capacity: 1, vehicle_types: ['motorcycle', 'sedan'], two_wheelers_per_unit: BAYS, two_wheeler_hourly_rate: 2000 });

    it(`N+3 riders at once on an N-bay one-unit listing: exactly N win, each on a bay of their own`, async () => {
      const { id } = await bikeListing();
      const answers = await Promise.all(riders.map((token, i) => book(token, { parking_id: id, ...windows[i]!, vehicle_id: riderVehicles[i] })));
      expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(BAYS);
      const lost = answers.filter((r) => r.statusCode === 409);
      expect(lost).toHaveLength(3);
      expect(lost.every((r) => r.json().code === 'SLOT_TAKEN')).toBe(true);
      const bays = await t.db.query<{ bays: string }>(`SELECT bays::text AS bays FROM bookings WHERE listing_id = $1 ORDER BY bays`, [id]);
      expect(bays.map((b) => b.bays)).toEqual(['[0,1)', '[1,2)', '[2,3)']);
      expect(await overlaps(id)).toBe(0);
    });

    it('riders and cars at once: either one car or N riders, never a car beside a bike', async () => {
      const { id } = await bikeListing();
      const answers = await Promise.all([
        ...riders.map(async (token, i) => ({ car: false, res: await book(token, { parking_id: id, ...windows[i]!, vehicle_id: riderVehicles[i] }) })),
        ...drivers.map(async (token, i) => ({ car: true, res: await book(token, { parking_id: id, ...windows[riders.length + i]!, vehicle_id: carVehicles[i] }) })),
      ]);
      const won = answers.filter((a) => a.res.statusCode === 201);
      const cars = won.filter((a) => a.car).length;
      const bikes = won.length - cars;
      expect(cars === 1 ? bikes : bikes === BAYS ? cars : -1, `${cars} cars, ${bikes} bikes`).toBe(0);
      expect(answers.filter((a) => a.res.statusCode !== 201).every((a) => a.res.statusCode === 409 && a.res.json().code === 'SLOT_TAKEN')).toBe(true);
      expect(await overlaps(id)).toBe(0);
    });
  });

  // two API processes need a database both can reach: PostgreSQL (PGlite lives inside one process)
  it.runIf(TEST_DB_KIND === 'postgres')('split over two API processes sharing the database: still exactly one', async () => {
    const second = await startSecondServer(t.db.url!);
    try {
      const { id } = await publishedListing(t.app, { capacity: 1 });
      const answers = await Promise.all(
        tokens.map(async (token, i) => {
          const body = { parking_id: id, ...windows[i]! };
          if (i % 2 === 0) return (await book(token, body)).statusCode;
          const res = await fetch(`${second.url}${api('bookings')}`, { method: 'POST', headers: { ...bearer(token), 'content-type': 'application/json' }, body: JSON.stringify(body) });
          return res.status;
        }),
      );
      expect(answers.filter((c) => c === 201)).toHaveLength(1);
      expect(answers.filter((c) => c === 409)).toHaveLength(49);
      expect(await overlaps(id)).toBe(0);
    } finally {
      await second.stop();
    }
  }, 240_000);
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** The API in a process of its own (tsx src/server.ts) on the test's PostgreSQL database. */
async function startSecondServer(databaseUrl: string) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'parkly-second-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(import.meta.dirname, '../../..'),
    env: { ...process.env, DATABASE_URL: databaseUrl, PAYMENT_PROVIDER: 'simulated', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: '0', RATE_LIMITS: '0', LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  // tsx compiles the server as it starts: allow for a busy machine
  const deadline = Date.now() + 150_000;
  for (;;) {
    try {
      if ((await fetch(`${url}${api('health')}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the second API process did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
