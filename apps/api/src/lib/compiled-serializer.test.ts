/**
 * The hot reads are written by serializers compiled from their zod schemas: the same keys and values
 * zod's parse and JSON.stringify wrote (fast-json-stringify writes an object's required keys before its
 * optional ones, so an optional key present may come later than zod put it), and what zod left out
 * (keys its schema does not name) still left out.
 */
import { busyAnswerSchema, quoteAnswerSchema } from '@parkly/shared/bookings';
import { publicListingAnswerSchema } from '@parkly/shared/listings';
import { reviewsAnswerSchema } from '@parkly/shared/reviews';
import { searchAnswerSchema, typeCountsAnswerSchema } from '@parkly/shared/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { api, createTestApp, type TestContext } from '../../test/helper';
import { publicListing } from '../modules/listings/listings.service';
import { publishedListing } from '../modules/listings/testing';
import { compileSerializer } from './compiled-serializer';

let t: TestContext;
let listingId: string;
beforeAll(async () => {
  t = await createTestApp({ GUEST_FEE_PERCENT: '5' });
  listingId = (await publishedListing(t.app, { lat: 12.97, lng: 77.59 })).id;
});
afterAll(() => t.close());

/** zod's way, as fastify-type-provider-zod serialized before */
const byZod = (schema: z.ZodType, data: unknown) => JSON.stringify(schema.parse(data));
/** the same JSON, whatever the order of each object's keys */
const sameJson = (written: string, expected: string) => expect(JSON.parse(written)).toStrictEqual(JSON.parse(expected));

describe('the hot reads answer what zod wrote', () => {
  const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 48 * 3_600_000).toISOString();
  const end = new Date(Date.parse(start) + 3 * 3_600_000).toISOString();
  const window = `start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`;
  const calls: [string, () => string, z.ZodType][] = [
    ['GET parkings/:id', () => `parkings/${listingId}`, publicListingAnswerSchema],
    ['GET parkings/:id/busy', () => `parkings/${listingId}/busy`, busyAnswerSchema],
    ['GET parkings/:id/quote', () => `parkings/${listingId}/quote?${window}`, quoteAnswerSchema],
    ['GET parkings/:id/reviews', () => `parkings/${listingId}/reviews`, reviewsAnswerSchema],
    ['GET parkings/types', () => 'parkings/types', typeCountsAnswerSchema],
    ['GET parkings/search (cached)', () => 'parkings/search?lat=12.97&lng=77.59', searchAnswerSchema],
    ['GET parkings/search (with a window)', () => `parkings/search?lat=12.97&lng=77.59&${window}`, searchAnswerSchema],
  ];
  it.each(calls)('%s', async (_name, path, schema) => {
    const res = await t.app.inject({ method: 'GET', url: api(path()) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    sameJson(res.body, byZod(schema, JSON.parse(res.body)));
    expect(res.body.length).toBeGreaterThan(20);
  });

  it('writes a listing as the service answers it as zod did', async () => {
    const result = await publicListing(t.db, (key) => `/uploads/${key}`, listingId, null);
    const data = { result };
    sameJson(compileSerializer(publicListingAnswerSchema)(data), byZod(publicListingAnswerSchema, data));
  });
});

describe('keys the schema does not name are left out, as zod left them out', () => {
  it('at the top, inside the result and inside nested objects and lists', async () => {
    const result = await publicListing(t.db, (key) => `/uploads/${key}`, listingId, null);
    const leaky = {
      result: {
        ...result,
        access_instructions: 'The key is under the mat',
        address_line1: '12 Secret Street',
        host: { ...result.host, email: 'host@example.com' },
        photos: result.photos.map((p) => ({ ...p, private_key: 'private/id.jpg' })),
      },
      internal: true,
    };
    const written = compileSerializer(publicListingAnswerSchema)(leaky);
    sameJson(written, byZod(publicListingAnswerSchema, leaky));
    for (const secret of ['The key is under the mat', '12 Secret Street', 'host@example.com', 'private/id.jpg', 'internal']) expect(written).not.toContain(secret);
    expect(result.photos.length).toBeGreaterThan(0);
  });

  it('in a search answer', () => {
    const row = {
      id: 'a',
      title: 'Garage',
      parking_type: 'garage',
      vehicle_types: ['suv'],
      amenities: ['cctv'],
      locality: null,
      city: 'Pune',
      lat: 18.52,
      lng: 73.85,
      distance_km: 1.2,
      hourly_rate: 5000,
      daily_rate: null,
      weekly_rate: null,
      monthly_rate: null,
      currency: 'INR',
      instant_book: true,
      rating: { average: 4.5, count: 3, raters: ['x'] },
      cover_url: null,
      cover_thumb_url: null,
      postal_code: '411001',
    };
    const data = { result: [row], total: 1, total_capped: false, debug: 'plan' };
    const written = compileSerializer(searchAnswerSchema)(data as never);
    sameJson(written, byZod(searchAnswerSchema, data));
    expect(written).not.toMatch(/postal_code|raters|debug/);
  });
});
