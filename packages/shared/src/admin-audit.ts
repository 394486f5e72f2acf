/**
 * The console's audit log: `GET admin/audit?q=&action=&actor=&subject=&page=`, newest first. Every
 * admin action is there with who, what, when, on what, why, and the state before and after; so are the
 * account events users cause themselves (password changed, account deleted).
 */
import { z } from 'zod';
import { adminListQuerySchema, adminPageInfoSchema } from './admin';

export const adminAuditQuerySchema = adminListQuerySchema.extend({
  /** the start of the action: 'user.' finds every action on users, 'user.suspend' that one */
  action: z.string().trim().max(100).optional(),
  /** part of the actor's name or e-mail */
  actor: z.string().trim().max(200).optional(),
  /** the id of what was acted on (a user, a listing, …), whole or its start */
  subject: z.string().trim().max(200).optional(),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

export const adminAuditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  /** null when the account that acted no longer exists, or nobody did (a job) */
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  subject_type: z.string().nullable(),
  subject_id: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** anything else the entry recorded besides before, after and reason */
  details: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditAnswerSchema = z.object({ result: z.array(adminAuditEntrySchema), page: adminPageInfoSchema });
