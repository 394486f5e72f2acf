/**
 * The cache of searches without a time window, with two app instances on one database: a write through
 * one is seen by the next search through the other at once (docs/decisions/019-search-cache.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/database';
import { openPostgres } from '../../db/postgres';
import { api, bearer, createTestApp, signUp, TEST_DB_KIND, type TestContext } from '../../../test/helper';
import { completeListing, listingCalls, photoFixtures, signUpHost } from '../listings/testing';
import { SearchCache, searchCacheKey, sharedRead } from './search-cache';
import { readSearchVersion } from './search.repository';
import { searchQuerySchema } from '@parkly/shared/search';

let a: TestContext;
/** the second instance: its own app, and on PostgreSQL its own pool, on the same database */
let b: { app: App; db: Database; dataDir: string };
let photo: Buffer;
beforeAll(async () => {
  a = await createTestApp();
  const db = TEST_DB_KIND === 'postgres' ? await openPostgres(a.db.url!) : a.db;
  const dataDir = mkdtempSync(join(tmpdir(), 'parkly-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, RATE_LIMITS: '0', LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const app = await buildApp({ config, db, webDistDir: join(dataDir, 'no-web') });
  await app.ready();
  b = { app, db, dataDir };
  photo = await photoFixtures.jpeg(320, 240);
});
afterAll(async () => {
  await b.app.close();
  if (b.db !== a.db) await b.db.close();
  rmSync(b.dataDir, { recursive: true, force: true });
  await a.close();
});

let area = 0;
/** Each test searches a patch of the map of its own. */
const newArea = () => {
  area += 1;
  return { lat: 20 + area * 0.5, lng: 75 + area * 0.5 };
};
const north = (at: { lat: number; lng: number }, km: number) => ({ lat: at.lat + km / 111.195, lng: at.lng });

type Answer = { result: { id: string; hourly_rate: number | null; cover_url: string | null; rating: { average: number | null } }[]; total: number };

async function searchOn(app: App, at: { lat: number; lng: number }, extra = '') {
  const res = await app.inject({ method: 'GET', url: api(`parkings/search?lat=${at.lat}&lng=${at.lng}&radius_km=2${extra}`) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return { body: res.body, answer: res.json() as Answer };
}

async function published(token: string, at: { lat: number; lng: number }, over: Record<string, unknown> = {}) {
  const calls = listingCalls(a.app, token);
  const created = await calls.create(completeListing({ ...at, ...over }));
  expect(created.statusCode, created.body).toBe(201);
  const id: string = created.json().result.id;
  expect((await calls.upload(id, photo)).statusCode).toBe(200);
  expect((await calls.publish(id)).statusCode).toBe(200);
  return id;
}

describe('a write through one instance, a search through the other', () => {
  it('serves a repeated search the same bytes, and a new listing, a price and a pause show at once', async () => {
    const host = await signUpHost(a.app);
    const c = newArea();
    const first = await published(host.token, c, { hourly_rate: 4000 });
    const before = await searchOn(b.app, c);
    expect(before.answer.result.map((r) => r.id)).toEqual([first]);
    // the same search again (answered from the cache) is byte for byte the same
    expect((await searchOn(b.app, c)).body).toBe(before.body);

    const second = await published(host.token, north(c, 0.5));
    expect((await searchOn(b.app, c)).answer.result.map((r) => r.id)).toEqual([first, second]);

    const calls = listingCalls(a.app, host.token);
    expect((await calls.patch(first, { hourly_rate: 6500 })).statusCode).toBe(200);
    expect((await searchOn(b.app, c)).answer.result[0]?.hourly_rate).toBe(6500);

    expect((await calls.call('POST', `parkings/${second}/pause`)).statusCode).toBe(200);
    expect((await searchOn(b.app, c)).answer.result.map((r) => r.id)).toEqual([first]);
    expect((await calls.remove(first)).statusCode).toBe(200);
    expect((await searchOn(b.app, c)).answer.total).toBe(0);
  });

  it('follows a new cover photo, a rating written in SQL and a host who deletes the account', async () => {
    const host = await signUpHost(a.app);
    const c = newArea();
    const id = await published(host.token, c);
    const cover = (await searchOn(b.app, c)).answer.result[0]!.cover_url;

    const calls = listingCalls(a.app, host.token);
    const upload = await calls.upload(id, await photoFixtures.jpeg(400, 300));
    expect(upload.statusCode).toBe(200);
    const newPhoto = (upload.json() as { result: { id: string } }).result.id;
    expect((await calls.call('POST', `parkings/${id}/photos/${newPhoto}/cover`)).statusCode).toBe(200);
    const covered = (await searchOn(b.app, c)).answer.result[0]!.cover_url;
    expect(covered).not.toBe(cover);

    // any write to the table counts, whichever code makes it (as reviews update the rating)
    await a.db.query(`UPDATE listings SET rating_avg = 4.5, rating_count = 2 WHERE id = $1`, [id]);
    expect((await searchOn(b.app, c)).answer.result[0]!.rating.average).toBe(4.5);

    expect((await a.app.inject({ method: 'GET', url: api('delete-account'), headers: bearer(host.token) })).statusCode).toBe(200);
    expect((await searchOn(b.app, c)).answer.total).toBe(0);
  });

  it('never caches a search with a time window: a booking through one instance hides the listing on the other', async () => {
    const host = await signUpHost(a.app);
    const guest = await signUp(a.app);
    const c = newArea();
    const id = await published(host.token, c, { capacity: 1, instant_book: true });
    const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 48 * 3_600_000).toISOString();
    const end = new Date(Date.parse(start) + 2 * 3_600_000).toISOString();
    const window = `&start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`;
    expect((await searchOn(b.app, c, window)).answer.result.map((r) => r.id)).toEqual([id]);
    const booked = await a.app.inject({ method: 'POST', url: api('bookings'), headers: bearer(guest.token), payload: { parking_id: id, start, end } });
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await searchOn(b.app, c, window)).answer.total).toBe(0);
    // without the window it is still there
    expect((await searchOn(b.app, c)).answer.result.map((r) => r.id)).toEqual([id]);
  });
  it('answers a repeat from the cache: a write that skips the triggers is not seen until the version moves', async () => {
    const host = await signUpHost(a.app);
    const c = newArea();
    const id = await published(host.token, c, { title: 'Before' });
    const title = async () => ((await searchOn(b.app, c)).answer.result[0] as { title?: string } | undefined)?.title;
    expect(await title()).toBe('Before');
    // replica mode fires no triggers: the row changes, the version does not, so the cached answer stands
    await a.db.transaction(async (tx) => {
      await tx.query(`SET LOCAL session_replication_role = replica`);
      await tx.query(`UPDATE listings SET title = 'Unseen' WHERE id = $1`, [id]);
    });
    expect(await title()).toBe('Before');
    await a.db.query(`UPDATE listings SET updated_at = now() WHERE id = $1`, [id]);
    expect(await title()).toBe('Unseen');
  });
});

describe('the search version', () => {
  it('moves on when a writing transaction commits, not before, and not on a rolled-back one', async () => {
    const host = await signUpHost(a.app);
    const id = await published(host.token, newArea());
    const v0 = await readSearchVersion(b.db);
    await expect(
      a.db.transaction(async (tx) => {
        await tx.query(`UPDATE listings SET title = 'Renamed' WHERE id = $1`, [id]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await readSearchVersion(b.db)).toBe(v0);

    await a.db.transaction(async (tx) => {
      await tx.query(`UPDATE listings SET title = 'Renamed' WHERE id = $1`, [id]);
      await tx.query(`UPDATE listings SET title = 'Renamed again' WHERE id = $1`, [id]);
      // another connection does not see the new version before the commit (PGlite has only the one)
      if (TEST_DB_KIND === 'postgres') expect(await readSearchVersion(b.db)).toBe(v0);
    });
    expect(await readSearchVersion(b.db)).toBe(v0 + 1n);
    // columns of users that search does not read leave it alone
    await a.db.query(`UPDATE users SET name = 'Someone else' WHERE id = $1`, [host.user.id]);
    expect(await readSearchVersion(b.db)).toBe(v0 + 1n);
  });
});

describe('SearchCache', () => {
  const q = (query: Record<string, string>) => searchQuerySchema.parse(query);

  it('keys a search by what it asks, in any order of lists, and never a search with a window', () => {
    const key = searchCacheKey(q({ bbox: '77.5,12.9,77.6,13', amenities: 'cctv,gated', parking_type: 'garage,driveway' }));
    expect(searchCacheKey(q({ parking_type: 'driveway,garage', amenities: 'gated,cctv', bbox: '77.5,12.9,77.6,13.0' }))).toBe(key);
    expect(searchCacheKey(q({ bbox: '77.5,12.9,77.6,13', amenities: 'cctv,gated', parking_type: 'garage,driveway', sort: 'price' }))).not.toBe(key);
    const start = new Date(Date.now() + 86_400_000).toISOString();
    const end = new Date(Date.now() + 2 * 86_400_000).toISOString();
    expect(searchCacheKey(q({ lat: '12.9', lng: '77.5', start, end }))).toBeNull();
  });

  it('answers only for the version it was stored at, and an older search does not replace a newer answer', () => {
    const cache = new SearchCache();
    cache.set('k', 5n, 'five');
    expect(cache.get('k', 5n)).toBe('five');
    expect(cache.get('k', 6n)).toBeUndefined();
    cache.set('k', 7n, 'seven');
    // a search that read version 6 before a write and finished after it
    cache.set('k', 6n, 'six');
    expect(cache.get('k', 7n)).toBe('seven');
    expect([cache.hits, cache.misses]).toEqual([2, 1]);
  });

  it('keeps at most its size, least recently used out first, and forgets after its lifetime', async () => {
    const cache = new SearchCache({ maxEntries: 2, maxBytes: 1_000, ttlMs: 50 });
    cache.set('a', 1n, 'A');
    cache.set('b', 1n, 'B');
    expect(cache.get('a', 1n)).toBe('A');
    cache.set('c', 1n, 'C');
    expect(cache.get('b', 1n)).toBeUndefined();
    expect(cache.get('a', 1n)).toBe('A');
    cache.set('big', 1n, 'x'.repeat(2_000));
    expect(cache.get('big', 1n)).toBeUndefined();
    await new Promise((r) => setTimeout(r, 80));
    expect(cache.get('a', 1n)).toBeUndefined();
    expect(cache.get('c', 1n)).toBeUndefined();
  });

  it('shares one version read among the searches of one turn, and reads again for a later one', async () => {
    let reads = 0;
    const read = sharedRead(async () => {
      reads += 1;
      return BigInt(reads);
    });
    const together = await Promise.all([read(), read(), read()]);
    expect(together).toEqual([1n, 1n, 1n]);
    expect(await read()).toBe(2n);
    const failing = sharedRead(() => Promise.reject(new Error('database down')));
    await expect(failing()).rejects.toThrow('database down');
  });
});
