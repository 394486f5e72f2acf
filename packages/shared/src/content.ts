import { z } from 'zod';

/** PostgreSQL refuses text with NUL characters; they are dropped before anything reaches a query. */
const withoutNul = (s: string) => s.replaceAll('\u0000', '');

export const PAGE_NAMES = ['support', 'aboutus', 'work', 'privacy', 'terms_and_condition', 'contact', 'footer'] as const;
export type PageName = (typeof PAGE_NAMES)[number];

/** Entries every client may rely on (the spec reads email and phone_number of 'support'). */
export const SUPPORT_ENTRY_KEYS = ['email', 'phone_number', 'address', 'hours'] as const;
export const FOOTER_ENTRY_KEYS = ['about', 'facebook', 'instagram', 'x', 'tiktok'] as const;

export const pagesRequestSchema = z.object({ page_name: z.enum(PAGE_NAMES, { error: 'Unknown page' }) });

/** One piece of content; the spec reads `<key>.page_description`. */
export const pageEntrySchema = z.object({ page_title: z.string(), page_description: z.string() });
export type PageEntry = z.infer<typeof pageEntrySchema>;
/** `POST pages` answers an object keyed by entry, e.g. {email:{page_description}, phone_number:{…}}. */
export const pagesAnswerSchema = z.record(z.string(), pageEntrySchema);
export type PagesAnswer = z.infer<typeof pagesAnswerSchema>;

/** FAQ categories in the order the FAQ page shows them; a category not listed here comes last. */
export const FAQ_CATEGORIES = ['Booking', 'Payments & refunds', 'Cancellations', 'Vehicle storage', 'For hosts', 'Account & safety'] as const;

export const FAQ_QUERY_MAX = 200;
/** A longer search is cut rather than refused: the search box should never answer with an error. */
export const faqQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((q) => withoutNul(q ?? '').trim().slice(0, FAQ_QUERY_MAX)),
});

export const faqSchema = z.object({ id: z.string(), category: z.string(), question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof faqSchema>;
export const faqListAnswerSchema = z.object({ result: z.array(faqSchema) });

export const blogSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  author: z.string(),
  cover_image: z.string().nullable(),
  published_at: z.string(),
  reading_minutes: z.number(),
});
export type BlogSummary = z.infer<typeof blogSummarySchema>;
export const blogSchema = blogSummarySchema.extend({ body: z.string() });
export type Blog = z.infer<typeof blogSchema>;
export const blogListAnswerSchema = z.object({ result: z.array(blogSummarySchema) });
export const blogAnswerSchema = z.object({ result: blogSchema });
export const blogParamsSchema = z.object({ slug: z.string() });

export const contactSchema = z.object({
  name: z.string().transform(withoutNul).pipe(z.string().trim().min(1, 'Enter your name').max(80, 'Use at most 80 characters')),
  email: z.string().trim().toLowerCase().max(254, 'E-mail address is too long').pipe(z.email({ error: 'Enter a valid e-mail address' })),
  subject: z.string().transform(withoutNul).pipe(z.string().trim().min(1, 'Enter a subject').max(150, 'Use at most 150 characters')),
  message: z
    .string()
    .transform(withoutNul)
    .pipe(z.string().trim().min(10, 'Tell us a little more (at least 10 characters)').max(5000, 'Use at most 5000 characters')),
});
export type ContactInput = z.input<typeof contactSchema>;
export const CONTACT_SENT_MESSAGE = 'Thanks! Your message has been sent. We usually reply within one working day.';
export const contactAnswerSchema = z.object({ message: z.string() });

export const chatbotRequestSchema = z.object({
  message: z
    .string({ error: 'Type a message' })
    .transform(withoutNul)
    .pipe(z.string().trim().min(1, 'Type a message').max(1000, 'Use at most 1000 characters')),
});
export const chatbotAnswerSchema = z.object({ success: z.boolean(), data: z.string() });
export type ChatbotAnswer = z.infer<typeof chatbotAnswerSchema>;

/** Known codes for /alertMessage: the screen never shows text taken from the URL. */
export const ALERT_CODES = ['password_reset', 'password_changed', 'email_sent', 'account_deleted', 'contact_sent', 'session_expired', 'id_uploaded'] as const;
export type AlertCode = (typeof ALERT_CODES)[number];
