/**
 * The console's ID checks (`admin/verification`): the queue of uploaded government IDs, one
 * document's facts, and the answers of approving or rejecting it. The file itself is streamed by
 * `GET admin/verification/:id/document`, never at a public address.
 */
import { z } from 'zod';
import { GOVERNMENT_ID_STATUSES, ID_STATUSES } from './accounts';
import { adminListQuerySchema, adminPageInfoSchema, adminReasonSchema } from './admin';

/** ?status=pending|approved|rejected&q=&page= (no status: every document, the pending ones first). */
export const adminIdQueueQuerySchema = adminListQuerySchema.extend({
  status: z.enum(GOVERNMENT_ID_STATUSES, { error: `Status is one of ${GOVERNMENT_ID_STATUSES.join(', ')}` }).optional(),
});
export type AdminIdQueueQuery = z.infer<typeof adminIdQueueQuerySchema>;

export const adminIdDocumentSchema = z.object({
  id: z.string(),
  user: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    host_user: z.boolean(),
    /** the account's status, which follows its latest document */
    id_verification_status: z.enum(ID_STATUSES),
  }),
  /** the name the file had on the user's device */
  original_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number(),
  status: z.enum(GOVERNMENT_ID_STATUSES),
  uploaded_at: z.string(),
  reviewed_at: z.string().nullable(),
  reviewer: z.object({ id: z.string(), name: z.string() }).nullable(),
  review_reason: z.string().nullable(),
  /** false once the user uploaded a newer document: only the latest one can be reviewed */
  is_latest: z.boolean(),
});
export type AdminIdDocument = z.infer<typeof adminIdDocumentSchema>;

export const adminIdQueueAnswerSchema = z.object({ result: z.array(adminIdDocumentSchema), page: adminPageInfoSchema });
export const adminIdDocumentAnswerSchema = z.object({ result: adminIdDocumentSchema });

/** POST admin/verification/:id/reject: the user reads this reason. */
export const adminIdRejectSchema = z.object({ reason: adminReasonSchema });
export type AdminIdRejectInput = z.infer<typeof adminIdRejectSchema>;

/** The ID formats the console shows inline as an image (anything else, a PDF, in a frame). */
export const isImageDocument = (mime: string) => mime.startsWith('image/');
