import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestContext } from '../../../test/helper';
import { completeListing, listingCalls, publishedListing, signUpHost } from '../listings/testing';
import { searchPlaces } from './places.service';

describe('places', () => {
  it('finds localities of the launch cities and towns across India', () => {
    expect(searchPlaces('kora')[0]).toMatchObject({ name: 'Koramangala, Bengaluru', kind: 'locality', state: 'Karnataka' });
    expect(searchPlaces('Pune')[0]).toMatchObject({ name: 'Pune, Maharashtra', kind: 'city' });
    expect(searchPlaces('Jaipur')[0]).toMatchObject({ name: 'Jaipur, Rajasthan' });
  });

  it('understands old names and ignores case and accents', () => {
    expect(searchPlaces('BANGALORE')[0]?.name).toBe('Bengaluru, Karnataka');
    expect(searchPlaces('bombay')[0]?.name).toBe('Mumbai, Maharashtra');
    expect(searchPlaces('punch').some((p) => p.city === 'Pūnch')).toBe(true);
  });

  it('prefers bigger places when several start the same way', () => {
    const names = searchPlaces('Hyd').map((p) => p.city);
    expect(names[0]).toBe('Hyderabad');
  });

  describe('GET places', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('answers {result:[{name, lat, lng}]}', async () => {
      const res = await t.app.inject({ url: api('places?q=Andheri') });
      expect(res.statusCode).toBe(200);
      const first = res.json().result[0];
      expect(first).toMatchObject({ name: 'Andheri West, Mumbai' });
      expect(first.lat).toBeCloseTo(19.136, 2);
      expect(first.lng).toBeCloseTo(72.83, 2);
    });

    it('caps the number of answers', async () => {
      const res = await t.app.inject({ url: api('places?q=a&limit=20') });
      expect(res.json().result.length).toBeLessThanOrEqual(20);
      expect((await t.app.inject({ url: api('places?q=a&limit=500') })).statusCode).toBe(400);
    });

    it('treats SQL-looking text as an ordinary query', async () => {
      const res = await t.app.inject({ url: api(`places?q=${encodeURIComponent("'; DROP TABLE users; --")}`) });
      expect(res.statusCode).toBe(200);
      expect(res.json().result).toEqual([]);
    });

    it('names the field when q is missing or too long', async () => {
      const missing = await t.app.inject({ url: api('places') });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toHaveProperty('q');
      expect((await t.app.inject({ url: api(`places?q=${'x'.repeat(101)}`) })).statusCode).toBe(400);
    });

    it('puts the localities of live listings first, at a rounded average position, without duplicates', async () => {
      const address = { line1: '3, 1st Cross', locality: 'Sunshine Colony', city: 'Bengaluru', state: 'Karnataka', postal_code: '560076' };
      await publishedListing(t.app, { address, lat: 12.912345, lng: 77.612345 });
      await publishedListing(t.app, { address: { ...address, locality: 'sunshine colony' }, lat: 12.914345, lng: 77.614345 });
      const host = await signUpHost(t.app);
      await listingCalls(t.app, host.token).create(completeListing({ address: { ...address, locality: 'Sunrise Gardens' } }));
      // a live listing in a locality the gazetteer knows
      await publishedListing(t.app);

      const sun = (await t.app.inject({ url: api('places?q=sun') })).json().result;
      expect(sun[0]).toEqual({ name: 'Sunshine Colony, Bengaluru', lat: 12.913, lng: 77.613, kind: 'locality', city: 'Bengaluru', state: 'Karnataka' });
      expect(sun.filter((p: { name: string }) => /sunshine/i.test(p.name))).toHaveLength(1);
      expect(sun.some((p: { name: string }) => p.name.includes('Sunrise Gardens'))).toBe(false);
      expect((await t.app.inject({ url: api('places?q=colony') })).json().result[0].name).toBe('Sunshine Colony, Bengaluru');

      const kora = (await t.app.inject({ url: api('places?q=Kora') })).json().result;
      expect(kora.filter((p: { name: string }) => p.name === 'Koramangala, Bengaluru')).toEqual([
        { name: 'Koramangala, Bengaluru', lat: 12.9352, lng: 77.6245, kind: 'locality', city: 'Bengaluru', state: 'Karnataka' },
      ]);
    });
  });
});
