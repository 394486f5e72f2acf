/**
 * The host's side of bookings: GET host/bookings (every booking of the host's listings, filtered,
 * in cursor pages, with totals for the whole filter), its CSV export with the same filters, and
 * GET host/dashboard (today, requests to answer, what comes next, what needs doing).
 */
import { z } from 'zod';
import { ID_STATUSES } from './accounts';
import { bookingSchema, isoInstant } from './bookings';
import { BOOKING_STATUSES, type BookingStatus } from './catalog';

/** A booking as its host sees it in a list: the host-side Booking without its history. */
export const hostBookingSchema = bookingSchema.omit({ events: true });
export type HostBooking = z.infer<typeof hostBookingSchema>;

/** What a host sees when no status is asked for: every status but pending_payment (nothing was paid yet). */
export const HOST_DEFAULT_STATUSES = BOOKING_STATUSES.filter((s) => s !== 'pending_payment') as BookingStatus[];

export const HOST_BOOKINGS_MAX_LIMIT = 100;
export const HOST_BOOKING_ORDERS = ['asc', 'desc'] as const;
export type HostBookingOrder = (typeof HOST_BOOKING_ORDERS)[number];

const emptyIsAbsent = (v: unknown) => (v === '' || v === null ? undefined : v);

/** One status or a comma list of them (`status=confirmed,completed`); repeated parameters are joined. */
const statusList = z.preprocess(
  (v) => {
    const raw = Array.isArray(v) ? v.join(',') : v;
    if (raw === undefined || raw === null || raw === '') return undefined;
    if (typeof raw !== 'string') return raw;
    return [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
  },
  z
    .array(z.string(), { error: 'status must be a booking status or a comma list of them' })
    .max(BOOKING_STATUSES.length, 'List each status once')
    .superRefine((list, ctx) => {
      const unknown = list.find((s) => !(BOOKING_STATUSES as readonly string[]).includes(s));
      if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: `Unknown status "${unknown.slice(0, 40)}": use one of ${BOOKING_STATUSES.join(', ')}` });
    })
    .transform((list) => list as BookingStatus[])
    .optional(),
);

/** The filters shared by the list and its CSV export. A booking matches [from, to) when its period overlaps it. */
export const hostBookingFilterShape = {
  status: statusList,
  parking_id: z.preprocess(emptyIsAbsent, z.string({ error: 'parking_id must be the id of one of your listings' }).trim().max(100).optional()),
  from: z.preprocess(emptyIsAbsent, isoInstant('from').optional()),
  to: z.preprocess(emptyIsAbsent, isoInstant('to').optional()),
  order: z.preprocess(emptyIsAbsent, z.enum(HOST_BOOKING_ORDERS, { error: 'order must be asc or desc' }).default('desc')),
};

function checkRange(q: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (!q.from || !q.to) return;
  if (Date.parse(q.to) <= Date.parse(q.from)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be after from' });
}

export const hostBookingsExportQuerySchema = z.object(hostBookingFilterShape).superRefine(checkRange);
export type HostBookingsExportQuery = z.output<typeof hostBookingsExportQuerySchema>;

/** GET host/bookings?status&parking_id&from&to&order&limit&cursor */
export const hostBookingsQuerySchema = z
  .object({
    ...hostBookingFilterShape,
    limit: z.preprocess(
      emptyIsAbsent,
      z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(HOST_BOOKINGS_MAX_LIMIT, `limit must be at most ${HOST_BOOKINGS_MAX_LIMIT}`).default(20),
    ),
    cursor: z.preprocess(emptyIsAbsent, z.string().max(300, 'Not a cursor from this list').optional()),
  })
  .superRefine(checkRange);
export type HostBookingsQuery = z.output<typeof hostBookingsQuerySchema>;
/** What the web app sends (everything optional, as text or values). */
export type HostBookingsQueryInput = z.input<typeof hostBookingsQuerySchema>;

/**
 * Totals of every booking the filter matches, not just the page. `count` counts them all; the money
 * adds up the ones that earn (confirmed and completed), as frozen at booking: the payments ledger
 * (GET host/earnings) stays the truth for what was paid out and refunded.
 */
export const hostBookingsSummarySchema = z.object({
  count: z.number(),
  /** of those, how many are confirmed or completed (the ones the money adds up) */
  earning_count: z.number(),
  total: z.number(),
  host_fee: z.number(),
  host_payout: z.number(),
  currency: z.string(),
});
export type HostBookingsSummary = z.infer<typeof hostBookingsSummarySchema>;

export const hostBookingsAnswerSchema = z.object({
  result: z.array(hostBookingSchema),
  next_cursor: z.string().optional(),
  summary: hostBookingsSummarySchema,
});
export type HostBookingsAnswer = z.infer<typeof hostBookingsAnswerSchema>;

/** A request waiting for the host, with the instant the answer is due (in the listing's zone). */
export const hostRequestSchema = hostBookingSchema.extend({ answer_by: z.string() });
export type HostRequest = z.infer<typeof hostRequestSchema>;

/** GET host/dashboard */
export const hostDashboardSchema = z.object({
  /** set when the host's listings lie in more than one time zone: "today" is each listing's own day */
  time_zone_note: z.string().optional(),
  /** confirmed bookings starting today, and ending today, in each listing's time zone */
  arrivals_today: z.array(hostBookingSchema),
  departures_today: z.array(hostBookingSchema),
  /** requests to answer, the oldest deadline first */
  requests: z.array(hostRequestSchema),
  /** the next 5 confirmed bookings starting after now */
  upcoming: z.array(hostBookingSchema),
  /** running monthly passes (decision 037), the soonest renewal or end first: each with plan, renews_at, ends_at, periods */
  passes: z.array(hostBookingSchema).optional(),
  todo: z.object({
    /** listings still in draft: a listing to finish */
    drafts: z.number(),
    /** the ID status as the profile reports it (id_verification_status) */
    id_status: z.enum(ID_STATUSES).nullable(),
  }),
  listings: z.object({ active: z.number(), paused: z.number(), draft: z.number() }),
});
export type HostDashboard = z.infer<typeof hostDashboardSchema>;
export const hostDashboardAnswerSchema = z.object({ result: hostDashboardSchema });
