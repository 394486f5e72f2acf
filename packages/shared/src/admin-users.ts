/**
 * The console's users area: `GET admin/users` (search), `GET admin/users/:id` (one account in full),
 * `POST admin/users/:id/suspend {reason}`, `POST admin/users/:id/reinstate`, `POST admin/users/:id/role {role}`.
 */
import { z } from 'zod';
import { GOVERNMENT_ID_STATUSES, ID_STATUSES } from './accounts';
import { adminListQuerySchema, adminPageInfoSchema, adminReasonSchema } from './admin';
import { BOOKING_STATUSES } from './catalog';
import { LISTING_STATUSES } from './listing-options';

export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const ADMIN_USER_STATUSES = ['active', 'suspended'] as const;
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];

/** How many of a user's listings, bookings and sessions the detail shows (the most recent). */
export const ADMIN_USER_DETAIL_LIMIT = 50;

/** An empty filter in the address (?role=) means no filter. */
const optionalFilter = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values).optional());

/** ?q= matches name, e-mail or phone (any part, any case; phone by its digits). */
export const adminUsersQuerySchema = adminListQuerySchema.extend({
  role: optionalFilter(USER_ROLES),
  status: optionalFilter(ADMIN_USER_STATUSES),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserIdParamsSchema = z.object({ id: z.guid({ error: 'Not a user id' }) });

/** A row of the users list. */
export const adminUserSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(USER_ROLES),
  host: z.boolean(),
  id_verification_status: z.enum(ID_STATUSES),
  suspended_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;
export const adminUsersAnswerSchema = z.object({ result: z.array(adminUserSummarySchema), page: adminPageInfoSchema });

export const adminUserListingSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  status: z.enum(LISTING_STATUSES),
  /** taken down with the account: reinstating the account brings it back */
  suspended_with_account: z.boolean(),
  created_at: z.string(),
});

export const adminUserBookingSchema = z.object({
  id: z.string(),
  listing_id: z.string(),
  listing_title: z.string().nullable(),
  status: z.enum(BOOKING_STATUSES),
  start: z.string(),
  end: z.string(),
  total: z.number(),
  currency: z.string(),
  created_at: z.string(),
});

/** A live session: where and when, never its token or hash. */
export const adminUserSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
});

export const adminUserDetailSchema = adminUserSummarySchema.extend({
  suspension_reason: z.string().nullable(),
  location_label: z.string().nullable(),
  /** the latest government ID sent (the document itself is in the ID checks area) */
  government_id: z.object({ status: z.enum(GOVERNMENT_ID_STATUSES), original_name: z.string(), uploaded_at: z.string(), reviewed_at: z.string().nullable() }).nullable(),
  /** the most recent ADMIN_USER_DETAIL_LIMIT, and how many there are in all */
  listings: z.array(adminUserListingSchema),
  listings_total: z.number(),
  /** as a guest, most recent first */
  bookings: z.array(adminUserBookingSchema),
  bookings_total: z.number(),
  sessions: z.array(adminUserSessionSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
export const adminUserAnswerSchema = z.object({ result: adminUserDetailSchema });

export const adminSuspendUserSchema = z.object({ reason: adminReasonSchema });
export const adminUserRoleSchema = z.object({ role: z.enum(USER_ROLES, { error: "Choose 'admin' or 'user'" }) });
