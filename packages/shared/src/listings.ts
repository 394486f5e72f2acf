import { z } from 'zod';
import { AMENITY_KEYS, CANCELLATION_POLICY_KEYS, PARKING_TYPE_KEYS, VEHICLE_TYPE_KEYS } from './catalog';
import { EV_CONNECTOR_KEYS, isTimeZone, LISTING_LIMITS, LISTING_STATUSES, minutesOf, WEEKDAYS, type Weekday } from './listing-options';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const openingWindowSchema = z
  .strictObject({
    open: z.string({ error: 'Enter the opening time as HH:MM' }).regex(TIME, 'Use HH:MM, from 00:00 to 23:59'),
    close: z
      .string({ error: 'Enter the closing time as HH:MM' })
      .refine((v) => TIME.test(v) || v === '24:00', 'Use HH:MM, from 00:01 to 24:00'),
  })
  .superRefine((w, ctx) => {
    if (minutesOf(w.close) <= minutesOf(w.open)) {
      ctx.addIssue({ code: 'custom', path: ['close'], message: 'Closing time must be after opening time (split overnight hours over two days)' });
    }
  });
export type OpeningWindow = z.infer<typeof openingWindowSchema>;

const dayHoursSchema = z
  .array(openingWindowSchema, { error: 'List the opening windows of the day' })
  .max(LISTING_LIMITS.windowsPerDayMax, `Use at most ${LISTING_LIMITS.windowsPerDayMax} windows a day`)
  .superRefine((windows, ctx) => {
    const order = windows.map((w, i) => ({ i, open: minutesOf(w.open), close: minutesOf(w.close) })).sort((a, b) => a.open - b.open);
    for (let k = 1; k < order.length; k++) {
      if (order[k]!.open < order[k - 1]!.close) {
        ctx.addIssue({ code: 'custom', path: [order[k]!.i, 'open'], message: 'This window overlaps another one on the same day' });
      }
    }
  });

/** Weekly hours in the listing's time zone; a day left out or empty is closed. NULL (not this) means open 24/7. */
export const openingHoursSchema = z
  .strictObject(
    Object.fromEntries(WEEKDAYS.map((d) => [d, dayHoursSchema.optional()])) as Record<Weekday, z.ZodOptional<typeof dayHoursSchema>>,
    { error: 'Give opening hours per weekday (mon to sun), or null for open 24/7' },
  )
  .refine((h) => WEEKDAYS.some((d) => (h[d]?.length ?? 0) > 0), 'Open on at least one day, or choose open 24/7');
export type OpeningHours = z.infer<typeof openingHoursSchema>;

/** PostgreSQL text cannot hold NUL characters, so they are refused here rather than failing later. */
const noNul = (s: string) => !s.includes('\u0000');

const text = (max: number, what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .max(max, `${what}: use at most ${max} characters`)
    .refine(noNul, `${what} contains a character that is not allowed`);

const rate = (what: string) =>
  z
    .number({ error: `The ${what} rate must be a number of paise, or null when not offered` })
    .int(`The ${what} rate must be a whole number of paise`)
    .min(LISTING_LIMITS.rateMin, `The ${what} rate must be at least ₹1 (100 paise)`)
    .max(LISTING_LIMITS.rateMax, `The ${what} rate must be at most ₹1,00,000 (10000000 paise)`)
    .nullable()
    .optional();

const size = (what: string) =>
  z
    .number({ error: `The ${what} limit must be a number of metres` })
    .min(LISTING_LIMITS.sizeMin, `The ${what} limit must be between 0.5 and 30 m`)
    .max(LISTING_LIMITS.sizeMax, `The ${what} limit must be between 0.5 and 30 m`)
    .nullable()
    .optional();

const duration = (what: string) =>
  z
    .number({ error: `The ${what} stay must be a number of minutes` })
    .int(`The ${what} stay must be whole minutes`)
    .min(15, `The ${what} stay must be at least 15 minutes`)
    .max(LISTING_LIMITS.durationMaxMinutes, `The ${what} stay can be at most a year`)
    .nullable()
    .optional();

const INDIAN_PIN = /^[1-9]\d{5}$/;

export const addressSchema = z
  .object(
    {
      line1: text(200, 'Street address').nullable().optional(),
      locality: text(100, 'Locality').nullable().optional(),
      city: text(100, 'City').nullable().optional(),
      state: text(100, 'State').nullable().optional(),
      postal_code: text(10, 'PIN code').nullable().optional(),
      country: z
        .string({ error: 'Country must be a 2-letter code such as IN' })
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, 'Country must be a 2-letter code such as IN')
        .optional(),
    },
    { error: 'The address must be an object' },
  )
  .superRefine((a, ctx) => {
    if (!a.postal_code) return;
    const indian = (a.country ?? 'IN') === 'IN';
    if (indian ? !INDIAN_PIN.test(a.postal_code) : !/^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/.test(a.postal_code)) {
      ctx.addIssue({ code: 'custom', path: ['postal_code'], message: indian ? 'Enter a 6-digit PIN code' : 'Enter a valid postal code' });
    }
  });

const uniqueList = <T extends string>(item: z.ZodType<T>, what: string) =>
  z.array(item, { error: `${what} must be a list` }).max(20).transform((list) => [...new Set(list)]);

/**
 * The body of POST parkings and PATCH parkings/:id. Every field is optional so the wizard can save
 * a draft after each step; whatever is sent is checked strictly. `null` clears a field that may be
 * empty (a rate that is not offered, no size limit, open 24/7). Publishing checks completeness.
 */
/** The notice periods a host can set for a listing's monthly passes, in days (decision 037); 30 when never set. */
export const NOTICE_DAYS = [7, 15, 30] as const;
export type NoticeDays = (typeof NOTICE_DAYS)[number];
export const DEFAULT_NOTICE_DAYS: NoticeDays = 30;

export const listingInputSchema = z
  .object(
    {
      title: z
        .string({ error: 'The title must be text' })
        .trim()
        .min(LISTING_LIMITS.titleMin, `Use at least ${LISTING_LIMITS.titleMin} characters for the title`)
        .max(LISTING_LIMITS.titleMax, `Use at most ${LISTING_LIMITS.titleMax} characters for the title`)
        .refine(noNul, 'The title contains a character that is not allowed')
        .nullable()
        .optional(),
      description: text(LISTING_LIMITS.descriptionMax, 'Description').nullable().optional(),
      parking_type: z.enum(PARKING_TYPE_KEYS, { error: 'Choose a parking type from the list' }).optional(),
      vehicle_types: uniqueList(z.enum(VEHICLE_TYPE_KEYS, { error: 'Unknown vehicle type' }), 'Vehicle types').optional(),
      amenities: uniqueList(z.enum(AMENITY_KEYS, { error: 'Unknown amenity' }), 'Amenities').optional(),
      ev_connector: z.enum(EV_CONNECTOR_KEYS, { error: 'Choose a connector type from the list' }).nullable().optional(),
      ev_power_kw: z
        .number({ error: 'Charger power must be a number of kW' })
        .min(1, 'Charger power must be between 1 and 350 kW')
        .max(350, 'Charger power must be between 1 and 350 kW')
        .nullable()
        .optional(),
      address: addressSchema.optional(),
      lat: z
        .number({ error: 'Latitude must be a number' })
        .min(-90, 'Latitude must be between -90 and 90')
        .max(90, 'Latitude must be between -90 and 90')
        .nullable()
        .optional(),
      lng: z
        .number({ error: 'Longitude must be a number' })
        .min(-180, 'Longitude must be between -180 and 180')
        .max(180, 'Longitude must be between -180 and 180')
        .nullable()
        .optional(),
      time_zone: z.string({ error: 'Choose a time zone' }).refine(isTimeZone, 'Unknown time zone: use an IANA name such as Asia/Kolkata').optional(),
      max_length_m: size('length'),
      max_width_m: size('width'),
      max_height_m: size('height'),
      capacity: z
        .number({ error: 'Capacity must be a number of spaces' })
        .int('Capacity must be a whole number of spaces')
        .min(1, 'Capacity must be at least 1 space')
        .max(LISTING_LIMITS.capacityMax, `Capacity can be at most ${LISTING_LIMITS.capacityMax} spaces`)
        .optional(),
      hourly_rate: rate('hourly'),
      daily_rate: rate('daily'),
      weekly_rate: rate('weekly'),
      monthly_rate: rate('monthly'),
      two_wheelers_per_unit: z
        .number({ error: 'Two-wheelers per unit must be a number from 1 to 6' })
        .int('Two-wheelers per unit must be a whole number')
        .min(1, 'A unit fits at least 1 two-wheeler')
        .max(LISTING_LIMITS.twoWheelersPerUnitMax, `A unit fits at most ${LISTING_LIMITS.twoWheelersPerUnitMax} two-wheelers`)
        .optional(),
      two_wheeler_hourly_rate: rate('two-wheeler hourly'),
      two_wheeler_daily_rate: rate('two-wheeler daily'),
      two_wheeler_weekly_rate: rate('two-wheeler weekly'),
      two_wheeler_monthly_rate: rate('two-wheeler monthly'),
      /** how much notice a monthly pass needs (decision 037): 7, 15 or 30 days */
      notice_days: z
        .union([z.literal(7), z.literal(15), z.literal(30)], { error: 'Notice must be 7, 15 or 30 days' })
        .optional(),
      instant_book: z.boolean({ error: 'Instant book must be true or false' }).optional(),
      min_duration_minutes: duration('minimum'),
      max_duration_minutes: duration('maximum'),
      opening_hours: openingHoursSchema.nullable().optional(),
      access_instructions: text(LISTING_LIMITS.accessInstructionsMax, 'Access instructions').nullable().optional(),
      cancellation_policy: z.enum(CANCELLATION_POLICY_KEYS, { error: 'Choose flexible, moderate or strict' }).optional(),
    },
    { error: 'Send the listing as a JSON object' },
  )
  .superRefine((l, ctx) => {
    if ((l.lat === undefined) !== (l.lng === undefined) || (l.lat === null) !== (l.lng === null)) {
      ctx.addIssue({ code: 'custom', path: [l.lat == null ? 'lat' : 'lng'], message: 'Send latitude and longitude together' });
    }
    if (l.min_duration_minutes != null && l.max_duration_minutes != null && l.min_duration_minutes > l.max_duration_minutes) {
      ctx.addIssue({ code: 'custom', path: ['max_duration_minutes'], message: 'The maximum stay must not be shorter than the minimum stay' });
    }
  });
export const createListingSchema = listingInputSchema;
export const updateListingSchema = listingInputSchema;
export type ListingInput = z.input<typeof listingInputSchema>;
export type ListingFields = z.output<typeof listingInputSchema>;

export const photoOrderSchema = z.object({
  photo_ids: z
    .array(z.string({ error: 'Photo ids must be text' }), { error: 'Send photo_ids: the ids of all photos in the new order' })
    .min(1, 'Send photo_ids: the ids of all photos in the new order')
    .max(LISTING_LIMITS.photosMax),
});

export const unitInputSchema = z.object({
  label: z
    .string({ error: 'Enter a label for the space' })
    .trim()
    .min(1, 'Enter a label for the space')
    .max(LISTING_LIMITS.unitLabelMax, `Use at most ${LISTING_LIMITS.unitLabelMax} characters`)
    .refine(noNul, 'The label contains a character that is not allowed'),
});

export const blackoutInputSchema = z
  .object({
    start: z.iso.datetime({ offset: true, error: 'Give the start as an ISO date-time with an offset, e.g. 2025-12-24T18:00:00+05:30' }),
    end: z.iso.datetime({ offset: true, error: 'Give the end as an ISO date-time with an offset, e.g. 2025-12-26T09:00:00+05:30' }),
    reason: text(200, 'Reason').optional(),
  })
  .superRefine((b, ctx) => {
    const start = Date.parse(b.start);
    const end = Date.parse(b.end);
    if (end <= start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'The end must be after the start' });
    else if (end - start > LISTING_LIMITS.blackoutMaxDays * 86_400_000) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'A blocked period can be at most a year long' });
    }
  });
export type BlackoutInput = z.input<typeof blackoutInputSchema>;

// ---- answers ----

export const listingPhotoSchema = z.object({
  id: z.string(),
  /** the large WebP (fits 1600x1200), a path under /uploads/ */
  url: z.string(),
  /** the thumbnail WebP (fits 480x360) */
  thumb_url: z.string(),
  width: z.number(),
  height: z.number(),
  position: z.number(),
  is_cover: z.boolean(),
});
export type ListingPhoto = z.infer<typeof listingPhotoSchema>;

export const listingUnitSchema = z.object({ id: z.string(), label: z.string(), created_at: z.string() });
export type ListingUnit = z.infer<typeof listingUnitSchema>;

export const listingBlackoutSchema = z.object({
  id: z.string(),
  start: z.string(),
  end: z.string(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type ListingBlackout = z.infer<typeof listingBlackoutSchema>;

const ratesShape = {
  hourly_rate: z.number().nullable(),
  daily_rate: z.number().nullable(),
  weekly_rate: z.number().nullable(),
  monthly_rate: z.number().nullable(),
  currency: z.string(),
  /** a monthly pass's notice, in days (7, 15 or 30; decision 037) */
  notice_days: z.number().optional(),
};

/** How many two-wheelers share one unit and their own rates (decision 040); optional so older readers keep working. */
const twoWheelerShape = {
  two_wheelers_per_unit: z.number().optional(),
  two_wheeler_hourly_rate: z.number().nullable().optional(),
  two_wheeler_daily_rate: z.number().nullable().optional(),
  two_wheeler_weekly_rate: z.number().nullable().optional(),
  two_wheeler_monthly_rate: z.number().nullable().optional(),
};

const sizeShape = {
  max_length_m: z.number().nullable(),
  max_width_m: z.number().nullable(),
  max_height_m: z.number().nullable(),
};

const ratingSchema = z.object({ average: z.number().nullable(), count: z.number() });

/** What is still needed before publishing, by field ('position', 'photos', 'rates', 'address.city', …). */
const missingSchema = z.record(z.string(), z.string());

const listingDetailsShape = {
  id: z.string(),
  status: z.enum(LISTING_STATUSES),
  parking_type: z.enum(PARKING_TYPE_KEYS).nullable(),
  vehicle_types: z.array(z.enum(VEHICLE_TYPE_KEYS)),
  amenities: z.array(z.enum(AMENITY_KEYS)),
  ev_connector: z.enum(EV_CONNECTOR_KEYS).nullable(),
  ev_power_kw: z.number().nullable(),
  time_zone: z.string(),
  ...sizeShape,
  capacity: z.number(),
  ...ratesShape,
  ...twoWheelerShape,
  instant_book: z.boolean(),
  min_duration_minutes: z.number().nullable(),
  max_duration_minutes: z.number().nullable(),
  opening_hours: openingHoursSchema.nullable(),
  cancellation_policy: z.enum(CANCELLATION_POLICY_KEYS),
  rating: ratingSchema,
  published_at: z.string().nullable(),
};

/** Everything about a listing, for its host and admins (GET parkings/:id/manage and every write). */
export const managedListingSchema = z.object({
  ...listingDetailsShape,
  /** why Parkly suspended or did not approve the listing (null otherwise), for its host to read */
  moderation_reason: z.string().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  address: z.object({
    line1: z.string().nullable(),
    locality: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postal_code: z.string().nullable(),
    country: z.string(),
  }),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  access_instructions: z.string().nullable(),
  photos: z.array(listingPhotoSchema),
  units: z.array(listingUnitSchema),
  blackouts: z.array(listingBlackoutSchema),
  missing: missingSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type ManagedListing = z.infer<typeof managedListingSchema>;

/** One row of the host's list (GET parkings/mine). */
export const listingSummarySchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  status: z.enum(LISTING_STATUSES),
  parking_type: z.enum(PARKING_TYPE_KEYS).nullable(),
  cover_url: z.string().nullable(),
  cover_thumb_url: z.string().nullable(),
  photo_count: z.number(),
  ...ratesShape,
  capacity: z.number(),
  instant_book: z.boolean(),
  locality: z.string().nullable(),
  city: z.string().nullable(),
  upcoming_bookings: z.number(),
  missing: missingSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type ListingSummary = z.infer<typeof listingSummarySchema>;

export const listingHostSchema = z.object({
  id: z.string(),
  /** first name only */
  name: z.string(),
  profile_image: z.string().nullable(),
  verified: z.boolean(),
  member_since: z.string(),
});

/**
 * The public page (GET parkings/:id): no street line, PIN code or access instructions, and the
 * position rounded to about 100 m. A paused listing answers with status 'paused' and available false.
 */
export const publicListingSchema = z.object({
  ...listingDetailsShape,
  status: z.enum(['active', 'paused']),
  available: z.boolean(),
  title: z.string(),
  description: z.string().nullable(),
  locality: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  photos: z.array(listingPhotoSchema),
  host: listingHostSchema,
  /** true when the signed-in viewer is the listing's host */
  is_own: z.boolean(),
  /**
   * What a two-wheeler gets here, as the listing page says it ('Up to 4 two-wheelers share a space, at ₹20 per
   * hour.'), or null when a unit fits one and there is no two-wheeler rate (decision 040). Written by the
   * server: the listing page's first load has no room for the code that would write it.
   */
  two_wheeler_note: z.string().nullable().optional(),
});
export type PublicListing = z.infer<typeof publicListingSchema>;

export const managedListingAnswerSchema = z.object({ result: managedListingSchema });
export const listingSummariesAnswerSchema = z.object({ result: z.array(listingSummarySchema) });
export const publicListingAnswerSchema = z.object({ result: publicListingSchema });
export const deletedListingAnswerSchema = z.object({ result: z.object({ id: z.string(), status: z.literal('deleted') }) });
export const listingPhotoAnswerSchema = z.object({ result: listingPhotoSchema });
export const listingPhotosAnswerSchema = z.object({ result: z.array(listingPhotoSchema) });
export const listingUnitsAnswerSchema = z.object({ result: z.array(listingUnitSchema) });
export const listingUnitAnswerSchema = z.object({ result: listingUnitSchema });
export const listingBlackoutsAnswerSchema = z.object({ result: z.array(listingBlackoutSchema) });
export const listingBlackoutAnswerSchema = z.object({ result: listingBlackoutSchema });
