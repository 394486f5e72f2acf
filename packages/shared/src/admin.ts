/**
 * The admin console's shared pieces: the reason an admin gives for an action, list paging, and the
 * answers of the dashboard (`GET admin/dashboard`) and the operations view (`GET admin/health`).
 * Each area of the console (users, listings, …) has its own `admin-<area>.ts`.
 */
import { z } from 'zod';

export const ADMIN_REASON_MAX = 1000;
export const ADMIN_PAGE_SIZE = 25;

/** Why an admin did something: shown to the person it concerns and kept in the audit log. */
export const adminReasonSchema = z
  .string()
  .trim()
  .min(1, 'Give a reason')
  .max(ADMIN_REASON_MAX, `Keep the reason under ${ADMIN_REASON_MAX} characters`);

/** ?q=&page= for the console's searchable lists (pages from 1, ADMIN_PAGE_SIZE rows each). */
export const adminListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/** Page facts every console list answers with. */
export const adminPageInfoSchema = z.object({ page: z.number(), page_size: z.number(), total: z.number() });
export type AdminPageInfo = z.infer<typeof adminPageInfoSchema>;

export const adminPeriodSchema = z.object({
  new_users: z.number(),
  new_hosts: z.number(),
  bookings: z.number(),
  /** what guests paid for bookings confirmed in the period (paise), before refunds */
  gross_booking_value: z.number(),
});
export type AdminPeriod = z.infer<typeof adminPeriodSchema>;

export const adminDashboardSchema = z.object({
  currency: z.string(),
  totals: z.object({ users: z.number(), hosts: z.number(), active_listings: z.number(), bookings: z.number() }),
  /** today, this week (from Monday) and this month, in the market's zone */
  periods: z.object({ today: adminPeriodSchema, week: adminPeriodSchema, month: adminPeriodSchema }),
  waiting: z.object({
    id_checks: z.number(),
    listing_reports: z.number(),
    listings_to_review: z.number(),
    payout_requests: z.number(),
    support_messages: z.number(),
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
export const adminDashboardAnswerSchema = z.object({ result: adminDashboardSchema });

export const adminHealthSchema = z.object({
  database: z.object({ kind: z.enum(['pglite', 'postgres']), size_bytes: z.number().nullable() }),
  outbox: z.object({ waiting: z.number(), failed: z.number(), oldest_waiting_at: z.string().nullable() }),
  jobs: z.array(z.object({ name: z.string(), last_run_at: z.string(), last_ok_at: z.string().nullable(), last_error: z.string().nullable() })),
  /** failures since this instance started (push services that refused or did not answer) */
  push: z.object({ subscriptions: z.number(), failures: z.number() }),
  /** sockets held by the instance that answered */
  realtime: z.object({ sockets: z.number() }),
  uptime_seconds: z.number(),
});
export type AdminHealth = z.infer<typeof adminHealthSchema>;
export const adminHealthAnswerSchema = z.object({ result: adminHealthSchema });
