/**
 * The console's listing moderation (`admin/listings`): search and filters, one listing with its open
 * reports, suspend/reinstate and approve/reject; and the report a signed-in visitor sends from a
 * listing's page (`POST parkings/:id/report`).
 */
import { z } from 'zod';
import { ID_STATUSES } from './accounts';
import { PARKING_TYPE_KEYS } from './catalog';
import { LISTING_STATUSES } from './listing-options';
import { adminListQuerySchema, adminPageInfoSchema, adminReasonSchema } from './admin';

/** ?q=&status=&reported=1&page=: q matches the title, the address and locality, the host's name and e-mail. */
export const adminListingsQuerySchema = adminListQuerySchema.extend({
  status: z.enum(LISTING_STATUSES, { error: `Status is one of ${LISTING_STATUSES.join(', ')}` }).optional(),
  /** '1': only listings with an open report */
  reported: z.enum(['0', '1'], { error: 'reported is 1 or 0' }).optional(),
});
export type AdminListingsQuery = z.infer<typeof adminListingsQuerySchema>;

const hostShape = { id: z.string(), name: z.string(), email: z.string() };

export const adminListingRowSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  status: z.enum(LISTING_STATUSES),
  parking_type: z.enum(PARKING_TYPE_KEYS).nullable(),
  locality: z.string().nullable(),
  city: z.string().nullable(),
  cover_thumb_url: z.string().nullable(),
  host: z.object(hostShape),
  open_reports: z.number(),
  /** why an admin suspended or rejected it (the host sees it) */
  moderation_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminListingRow = z.infer<typeof adminListingRowSchema>;

export const adminListingReportSchema = z.object({
  id: z.string(),
  reason: z.string(),
  status: z.enum(['open', 'resolved']),
  /** null once the reporter's account is gone */
  reporter: z.object(hostShape).nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type AdminListingReport = z.infer<typeof adminListingReportSchema>;

export const adminListingDetailSchema = adminListingRowSchema.extend({
  description: z.string().nullable(),
  address: z.object({
    line1: z.string().nullable(),
    locality: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postal_code: z.string().nullable(),
    country: z.string(),
  }),
  capacity: z.number(),
  hourly_rate: z.number().nullable(),
  daily_rate: z.number().nullable(),
  currency: z.string(),
  /** the status a suspended listing goes back to when reinstated */
  status_before_suspension: z.enum(LISTING_STATUSES).nullable(),
  /** taken down with its host's account (reinstating the account brings it back) */
  suspended_with_account: z.boolean(),
  published_at: z.string().nullable(),
  photos: z.array(z.object({ id: z.string(), thumb_url: z.string(), url: z.string() })),
  host: z.object({
    ...hostShape,
    phone: z.string().nullable(),
    id_verification_status: z.enum(ID_STATUSES),
    suspended: z.boolean(),
  }),
  /** the open reports, oldest first */
  reports: z.array(adminListingReportSchema),
});
export type AdminListingDetail = z.infer<typeof adminListingDetailSchema>;

export const adminListingsAnswerSchema = z.object({ result: z.array(adminListingRowSchema), page: adminPageInfoSchema });
export const adminListingAnswerSchema = z.object({ result: adminListingDetailSchema });

/** POST admin/listings/:id/suspend and /reject: the host reads this reason. */
export const adminListingReasonSchema = z.object({ reason: adminReasonSchema });
export type AdminListingReasonInput = z.infer<typeof adminListingReasonSchema>;

export const adminReportResolvedAnswerSchema = z.object({ result: adminListingReportSchema });

export const LISTING_REPORT_MAX = 1000;

/** POST parkings/:id/report: what looks wrong about the listing. */
export const listingReportSchema = z.object({
  reason: z
    .string({ error: 'Tell us what is wrong with this listing' })
    .trim()
    .min(1, 'Tell us what is wrong with this listing')
    .max(LISTING_REPORT_MAX, `Keep it under ${LISTING_REPORT_MAX} characters`),
});
export type ListingReportInput = z.infer<typeof listingReportSchema>;

export const listingReportAnswerSchema = z.object({
  message: z.string(),
  result: z.object({ id: z.string(), status: z.enum(['open', 'resolved']), created_at: z.string() }),
});
