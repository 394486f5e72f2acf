import { z } from 'zod';
import { AMENITY_KEYS, PARKING_TYPE_KEYS, VEHICLE_TYPE_KEYS } from './catalog';
import { SEARCH_LIMITS, SEARCH_SORTS } from './search-options';
import { isIsoInstant } from './time';

export * from './search-options';

const noNul = (s: string) => !s.includes('\u0000');

/** A number in the query string; empty counts as absent. */
const queryNumber = (message: string) =>
  z.preprocess((v) => (v === '' || v === undefined ? undefined : Number(v)), z.number({ error: message }).refine(Number.isFinite, message).optional());

/** A comma-separated list of pinned keys (`amenities=a,b`); repeated parameters are joined. */
const keyList = <K extends string>(keys: readonly [K, ...K[]], what: string) =>
  z.preprocess(
    (v) => {
      const raw = Array.isArray(v) ? v.join(',') : v;
      if (raw === undefined || raw === '') return undefined;
      if (typeof raw !== 'string') return raw;
      return [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
    },
    z
      .array(z.string(), { error: `List ${what}s separated by commas` })
      .superRefine((list, ctx) => {
        const unknown = list.find((k) => !(keys as readonly string[]).includes(k));
        if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: `Unknown ${what} "${unknown.slice(0, 40)}": use one of ${keys.join(', ')}` });
      })
      .transform((list) => list as K[])
      .optional(),
  );

const isoTime = (what: string) =>
  z
    .string({ error: `${what} must be a date and time` })
    .max(40, `${what} must be a date and time`)
    .refine(isIsoInstant, {
      message: `${what} must be an ISO 8601 date and time with an offset, such as 2026-12-01T09:00:00+05:30`,
    })
    .optional();

const bool = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v === '' ? undefined : v),
  z.boolean({ error: 'Use true or false' }).optional(),
);

/** GET parkings/search. Either a point (lat, lng and radius_km) or a map view (bbox); every field is checked and capped. */
export const searchQuerySchema = z
  .object({
    lat: queryNumber('lat must be a number').pipe(z.number().min(-90, 'lat must be between -90 and 90').max(90, 'lat must be between -90 and 90').optional()),
    lng: queryNumber('lng must be a number').pipe(
      z.number().min(-180, 'lng must be between -180 and 180').max(180, 'lng must be between -180 and 180').optional(),
    ),
    radius_km: queryNumber('radius_km must be a number').pipe(
      z
        .number()
        .min(0.1, 'radius_km must be at least 0.1')
        .max(SEARCH_LIMITS.radiusMaxKm, `radius_km can be at most ${SEARCH_LIMITS.radiusMaxKm}`)
        .optional(),
    ),
    bbox: z
      .string()
      .max(200, 'bbox must be minLng,minLat,maxLng,maxLat')
      .transform((s, ctx) => {
        const parts = s.split(',').map((p) => (p.trim() === '' ? Number.NaN : Number(p)));
        if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) {
          ctx.addIssue({ code: 'custom', message: 'bbox must be four numbers: minLng,minLat,maxLng,maxLat' });
          return z.NEVER;
        }
        const [minLng, minLat, maxLng, maxLat] = parts as [number, number, number, number];
        const problem =
          minLat < -90 || maxLat > 90 || minLng < -180 || maxLng > 180
            ? 'bbox is outside the map: latitudes -90 to 90, longitudes -180 to 180'
            : minLat >= maxLat || minLng >= maxLng
              ? 'bbox minimums must be below its maximums (minLng,minLat,maxLng,maxLat)'
              : maxLat - minLat > SEARCH_LIMITS.bboxMaxDegrees || maxLng - minLng > SEARCH_LIMITS.bboxMaxDegrees
                ? 'The map area is too large: zoom in to search it'
                : null;
        if (problem) {
          ctx.addIssue({ code: 'custom', message: problem });
          return z.NEVER;
        }
        return { minLng, minLat, maxLng, maxLat };
      })
      .optional(),
    start: isoTime('start'),
    end: isoTime('end'),
    parking_type: keyList(PARKING_TYPE_KEYS, 'parking type'),
    vehicle_type: z.enum(VEHICLE_TYPE_KEYS, { error: `Unknown vehicle type: use one of ${VEHICLE_TYPE_KEYS.join(', ')}` }).optional(),
    amenities: keyList(AMENITY_KEYS, 'amenity'),
    min_price: queryNumber('min_price must be a number of paise').pipe(z.number().int('min_price must be whole paise').min(0, 'min_price cannot be negative').optional()),
    max_price: queryNumber('max_price must be a number of paise').pipe(
      z.number().int('max_price must be whole paise').min(0, 'max_price cannot be negative').max(1e12, 'max_price is too large').optional(),
    ),
    instant_book: bool,
    min_rating: queryNumber('min_rating must be a number').pipe(z.number().min(0, 'min_rating must be 0 to 5').max(5, 'min_rating must be 0 to 5').optional()),
    q: z.string().trim().max(SEARCH_LIMITS.qMax, `q: use at most ${SEARCH_LIMITS.qMax} characters`).refine(noNul, 'q contains a character that is not allowed').optional(),
    sort: z.enum(SEARCH_SORTS, { error: 'sort must be distance, price or rating' }).default('distance'),
    limit: queryNumber('limit must be a number').pipe(
      z
        .number()
        .int('limit must be a whole number')
        .min(1, 'limit must be at least 1')
        .max(SEARCH_LIMITS.limitMax, `limit can be at most ${SEARCH_LIMITS.limitMax}`)
        .default(SEARCH_LIMITS.limitDefault),
    ),
    cursor: z.string().max(SEARCH_LIMITS.cursorMax, 'cursor is not valid').optional(),
  })
  .superRefine((q, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if ((q.lat === undefined) !== (q.lng === undefined)) issue(q.lat === undefined ? 'lat' : 'lng', 'Give both lat and lng');
    if (q.lat === undefined && q.bbox === undefined) issue('lat', 'Say where to search: lat and lng, or bbox');
    if (q.radius_km !== undefined && q.lat === undefined) issue('radius_km', 'radius_km needs lat and lng');
    if ((q.start === undefined) !== (q.end === undefined)) issue(q.start === undefined ? 'start' : 'end', 'Give both start and end');
    if (q.start !== undefined && q.end !== undefined) {
      const minutes = (Date.parse(q.end) - Date.parse(q.start)) / 60_000;
      if (minutes <= 0) issue('end', 'end must be after start');
      else if (minutes > SEARCH_LIMITS.windowMaxMinutes) issue('end', 'The window can be at most a year');
      else if (Date.parse(q.end) <= Date.now()) issue('end', 'end must be in the future');
    }
    if (q.min_price !== undefined && q.max_price !== undefined && q.min_price > q.max_price) issue('max_price', 'max_price must be at least min_price');
  });
export type SearchQueryInput = z.input<typeof searchQuerySchema>;
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** One search result: the public facts of a listing card, never the street line or access instructions. */
export const searchResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  parking_type: z.enum(PARKING_TYPE_KEYS).nullable(),
  vehicle_types: z.array(z.enum(VEHICLE_TYPE_KEYS)),
  amenities: z.array(z.enum(AMENITY_KEYS)),
  locality: z.string().nullable(),
  city: z.string().nullable(),
  /** rounded to about 100 m, like every public answer */
  lat: z.number(),
  lng: z.number(),
  /** from the searched point, or from the middle of the map view */
  distance_km: z.number(),
  hourly_rate: z.number().nullable(),
  daily_rate: z.number().nullable(),
  weekly_rate: z.number().nullable(),
  monthly_rate: z.number().nullable(),
  currency: z.string(),
  /** with a window: what the driver pays for it, service fee included (paise) */
  price: z.number().optional(),
  /** with a window: the parking charge before the service fee (paise) */
  subtotal: z.number().optional(),
  instant_book: z.boolean(),
  rating: z.object({ average: z.number().nullable(), count: z.number() }),
  cover_url: z.string().nullable(),
  cover_thumb_url: z.string().nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchAnswerSchema = z.object({
  result: z.array(searchResultSchema),
  /** how many listings match in all (every page), counted up to SEARCH_COUNT_CAP */
  total: z.number(),
  /** true when more listings match than SEARCH_COUNT_CAP: then `total` is the cap ('100+ spaces') */
  total_capped: z.boolean(),
  next_cursor: z.string().optional(),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

/** Listings per parking type, for browsing by type. */
export const typeCountsAnswerSchema = z.object({
  result: z.array(
    z.object({
      parking_type: z.enum(PARKING_TYPE_KEYS),
      count: z.number(),
      /** the cover thumbnail of the best-rated live listing of the type, to picture it */
      cover_url: z.string().nullable(),
    }),
  ),
});
export type TypeCounts = z.infer<typeof typeCountsAnswerSchema>['result'];
