import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, createTestApp, signUp, type TestContext } from '../../../test/helper';
import { seedDemoData } from '../../seed/demo';
import { publishedListing, SECRET } from './testing';

/**
 * Access instructions, the street line and the PIN code go only to the host (and, later, to guests
 * with a confirmed booking). These tests search the text of every public answer for them.
 */
let t: TestContext;
let guestToken: string;
interface Secret {
  id: string;
  status: string;
  access_instructions: string;
  address_line1: string;
  postal_code: string;
  lat: number;
  lng: number;
  locality: string;
}
let listings: Secret[];

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db, t.app.storage);
  await publishedListing(t.app);
  const pune = { state: 'Maharashtra', city: 'Pune', postal_code: '411038' };
  await publishedListing(t.app, { address: { ...pune, line1: '7, Lane 3', locality: 'Quietpet' }, lat: 18.512345, lng: 73.812345 });
  const paused = await publishedListing(t.app, { address: { ...pune, line1: '9, Hidden Street', locality: 'Hushpura' } });
  await paused.calls.call('POST', `parkings/${paused.id}/pause`);
  guestToken = (await signUp(t.app)).token;
  listings = await t.db.query<Secret>(
    `SELECT id, status, access_instructions, address_line1, postal_code, lat, lng, locality FROM listings WHERE status IN ('active', 'paused')`,
  );
}, 180_000);
afterAll(() => t.close());

function expectNoSecrets(answer: string, l: Secret, where: string) {
  // ids are random hex and could hold six digits of a PIN code by chance
  const body = answer.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>');
  expect(body, where).not.toContain(l.access_instructions);
  expect(body, where).not.toContain(l.address_line1);
  expect(body, where).not.toContain(l.postal_code);
  expect(body, where).not.toContain('access_instructions');
  expect(body, where).not.toContain('line1');
}

describe('public answers', () => {
  it('covers the demo listings and the test listings, live and paused', () => {
    expect(listings.length).toBeGreaterThanOrEqual(62);
    expect(listings.some((l) => l.access_instructions === SECRET.access)).toBe(true);
    expect(listings.filter((l) => l.status === 'paused').length).toBeGreaterThanOrEqual(2);
  });

  it('GET parkings/:id never contains the access instructions, the street line or the PIN code', async () => {
    for (const l of listings) {
      for (const headers of [{}, bearer(guestToken)]) {
        const res = await t.app.inject({ url: api(`parkings/${l.id}`), headers });
        expect(res.statusCode).toBe(200);
        expectNoSecrets(res.body, l, l.id);
      }
    }
  });

  it('GET places never contains them either', async () => {
    const localities = [...new Set(listings.map((l) => l.locality))];
    const bodies: string[] = [];
    for (const q of [...localities, 'a', 'Secret', 'Hidden', 'Gate code']) {
      const res = await t.app.inject({ url: api(`places?q=${encodeURIComponent(q.slice(0, 100))}&limit=20`) });
      expect(res.statusCode, q).toBe(200);
      bodies.push(res.body);
    }
    const all = bodies.join('\n');
    for (const l of listings) expectNoSecrets(all, l, `places for ${l.locality}`);
  });

  it('rounds every public position to 3 decimals (about 100 m)', async () => {
    for (const l of listings) {
      const { lat, lng } = (await t.app.inject({ url: api(`parkings/${l.id}`) })).json().result;
      for (const [shown, exact] of [[lat, l.lat], [lng, l.lng]] as const) {
        expect(Math.abs(shown * 1000 - Math.round(shown * 1000)), l.id).toBeLessThan(1e-6);
        expect(Math.abs(shown - exact), l.id).toBeLessThanOrEqual(0.0005 + 1e-9);
      }
    }
  });

  it('gives a listing locality the gazetteer does not know a rounded position, and only for live listings', async () => {
    const quiet = (await t.app.inject({ url: api('places?q=Quietpet') })).json().result;
    expect(quiet[0]).toEqual({ name: 'Quietpet, Pune', lat: 18.512, lng: 73.812, kind: 'locality', city: 'Pune', state: 'Maharashtra' });
    const hush = (await t.app.inject({ url: api('places?q=Hushpura') })).json().result;
    expect(hush.some((p: { name: string }) => p.name.startsWith('Hushpura'))).toBe(false);
  });
});
