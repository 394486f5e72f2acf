/**
 * The console's support inbox (`admin/support`): contact-form messages and the questions the support
 * bot could not answer, each open until an admin answers it. A reply goes out by e-mail; a bot question
 * from a visitor who was not signed in has no address, so it can only be marked answered.
 */
import { z } from 'zod';
import { adminListQuerySchema, adminPageInfoSchema } from './admin';

export const SUPPORT_KINDS = ['contact', 'bot'] as const;
export type SupportKind = (typeof SUPPORT_KINDS)[number];
export const SUPPORT_KIND_LABELS: Record<SupportKind, string> = { contact: 'Contact form', bot: 'Unanswered bot questions' };

export const SUPPORT_STATUSES = ['open', 'answered'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
export const SUPPORT_STATUS_LABELS: Record<SupportStatus, string> = { open: 'Open', answered: 'Answered' };

export const SUPPORT_REPLY_MAX = 5000;

export const adminSupportQuerySchema = adminListQuerySchema.extend({
  kind: z.enum(SUPPORT_KINDS).default('contact'),
  status: z.enum(SUPPORT_STATUSES).optional(),
});
export const adminSupportParamsSchema = z.object({ kind: z.enum(SUPPORT_KINDS, { error: 'Unknown kind' }), id: z.string().max(100) });

const withoutNul = (s: string) => s.replaceAll('\u0000', '');
export const adminSupportReplySchema = z.object({
  reply: z
    .string({ error: 'Write a reply' })
    .transform(withoutNul)
    .pipe(z.string().trim().min(1, 'Write a reply').max(SUPPORT_REPLY_MAX, `Keep the reply under ${SUPPORT_REPLY_MAX} characters`)),
});
export type AdminSupportReply = z.input<typeof adminSupportReplySchema>;

/** Marking answered without an e-mail (answered by phone, or an FAQ added for a bot question): an optional note. */
export const adminSupportResolveSchema = z.object({
  note: z
    .string()
    .transform(withoutNul)
    .pipe(z.string().trim().max(SUPPORT_REPLY_MAX, `Keep the note under ${SUPPORT_REPLY_MAX} characters`))
    .optional(),
});
export type AdminSupportResolve = z.input<typeof adminSupportResolveSchema>;

export const adminSupportItemSchema = z.object({
  id: z.string(),
  kind: z.enum(SUPPORT_KINDS),
  status: z.enum(SUPPORT_STATUSES),
  /** who wrote: the contact form's name, or the signed-in user's; null for an anonymous bot question */
  name: z.string().nullable(),
  /** where a reply goes; null when there is nowhere to send one */
  email: z.string().nullable(),
  /** the contact form's subject, or the start of the bot question */
  subject: z.string(),
  created_at: z.string(),
  answered_at: z.string().nullable(),
});
export type AdminSupportItem = z.infer<typeof adminSupportItemSchema>;

export const adminSupportDetailSchema = adminSupportItemSchema.extend({
  message: z.string(),
  user_id: z.string().nullable(),
  reply: z.string().nullable(),
  answered_by: z.string().nullable(),
  /** a reply can be e-mailed (there is an address) */
  can_email: z.boolean(),
});
export type AdminSupportDetail = z.infer<typeof adminSupportDetailSchema>;

export const adminSupportListAnswerSchema = z.object({ result: z.array(adminSupportItemSchema), page: adminPageInfoSchema });
export const adminSupportAnswerSchema = z.object({ result: adminSupportDetailSchema });
