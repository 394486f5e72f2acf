/**
 * The console's content area: the pages' entries (`admin/pages/:page`), the FAQ (`admin/faqs`) and the
 * blog (`admin/blogs`). The rules of a field are written here once: the API checks bodies with them and
 * the console's forms check the same fields before sending.
 */
import { z } from 'zod';
import { adminListQuerySchema, adminPageInfoSchema } from './admin';
import { FOOTER_ENTRY_KEYS, PAGE_NAMES, SUPPORT_ENTRY_KEYS, faqSchema, type PageName } from './content';

/** PostgreSQL refuses text with NUL characters; they are dropped before anything reaches a query. */
const withoutNul = (s: string) => s.replaceAll('\u0000', '');
const text = (min: number, max: number, empty: string) =>
  z
    .string({ error: empty })
    .transform(withoutNul)
    .pipe(
      z
        .string()
        .trim()
        .min(min, empty)
        .max(max, `Use at most ${max.toLocaleString('en-IN')} characters`),
    );

// ---------------------------------------------------------------------------------------------
// Pages

/** What the console calls each page, in the order it lists them. */
export const PAGE_LABELS: Record<PageName, string> = {
  aboutus: 'About us',
  work: 'How it works',
  privacy: 'Privacy policy',
  terms_and_condition: 'Terms & conditions',
  contact: 'Contact page',
  support: 'Support contacts',
  footer: 'Footer',
};
export const ADMIN_PAGE_ORDER: PageName[] = ['aboutus', 'work', 'privacy', 'terms_and_condition', 'contact', 'support', 'footer'];

/** Pages the app reads entry by entry (footer, support bot, contact details): their entries are fixed. */
export const FIXED_PAGE_KEYS: Partial<Record<PageName, readonly string[]>> = { support: SUPPORT_ENTRY_KEYS, footer: FOOTER_ENTRY_KEYS };
export const SOCIAL_ENTRY_KEYS = ['facebook', 'instagram', 'x', 'tiktok'] as const;

export const PAGE_ENTRY_LIMITS = { key: 60, title: 200, description: 20_000, entries: 40 } as const;
const ENTRY_KEY = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

export const adminPageParamsSchema = z.object({ page: z.enum(PAGE_NAMES, { error: 'Unknown page' }) });

export const adminPageEntrySchema = z.object({
  entry_key: z
    .string({ error: 'Give the section a key' })
    .trim()
    .min(1, 'Give the section a key')
    .max(PAGE_ENTRY_LIMITS.key, `Use at most ${PAGE_ENTRY_LIMITS.key} characters`)
    .regex(ENTRY_KEY, 'Use lower-case letters and digits, joined by - or _'),
  page_title: text(0, PAGE_ENTRY_LIMITS.title, 'Give the section a title'),
  page_description: text(1, PAGE_ENTRY_LIMITS.description, 'Write the text of this section'),
});
export type AdminPageEntry = z.output<typeof adminPageEntrySchema>;

export const adminPageUpdateSchema = z.object({
  entries: z
    .array(adminPageEntrySchema)
    .min(1, 'A page needs at least one section')
    .max(PAGE_ENTRY_LIMITS.entries, `A page has at most ${PAGE_ENTRY_LIMITS.entries} sections`),
});
export type AdminPageUpdate = z.input<typeof adminPageUpdateSchema>;

const PHONE = /^\+?[0-9][0-9 ()-]{5,24}$/;
/** An https address with a host name and no spaces or quotes (the footer links to it as it is). */
const HTTPS_URL = /^https:\/\/[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+(?::\d{2,5})?(?:[/?#][^\s"'<>\\]*)?$/i;
const isHttpsUrl = (value: string) => HTTPS_URL.test(value);

/**
 * The rules that depend on the page, as field errors keyed like the form's fields
 * (`entries.2.page_description`): keys unique, fixed pages keep exactly their keys, the support
 * e-mail is an address, the phone a number, social links https addresses (the footer links to them).
 */
export function pageEntryErrors(page: PageName, entries: readonly { entry_key: string; page_description: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  entries.forEach((e, i) => {
    if (seen.has(e.entry_key)) errors[`entries.${i}.entry_key`] = 'Another section already has this key';
    seen.add(e.entry_key);
    const value = e.page_description.trim();
    if (page === 'support' && e.entry_key === 'email' && !z.email().safeParse(value).success) errors[`entries.${i}.page_description`] = 'Enter a valid e-mail address';
    if (page === 'support' && e.entry_key === 'phone_number' && !PHONE.test(value)) errors[`entries.${i}.page_description`] = 'Enter a phone number, e.g. +91 80 4567 8900';
    if (page === 'footer' && (SOCIAL_ENTRY_KEYS as readonly string[]).includes(e.entry_key) && !isHttpsUrl(value))
      errors[`entries.${i}.page_description`] = 'Enter an https:// address';
  });
  const fixed = FIXED_PAGE_KEYS[page];
  if (fixed && (entries.length !== fixed.length || !fixed.every((k) => seen.has(k)))) errors.entries = `This page has exactly these sections: ${fixed.join(', ')}`;
  return errors;
}

/** The page form's schema: the fields' rules and the page's own. */
export const adminPageFormSchema = (page: PageName) =>
  adminPageUpdateSchema.superRefine((value, ctx) => {
    for (const [path, message] of Object.entries(pageEntryErrors(page, value.entries))) ctx.addIssue({ code: 'custom', path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message });
  });

export const adminPageSchema = z.object({
  page_name: z.enum(PAGE_NAMES),
  label: z.string(),
  /** the entries are fixed: their keys cannot change and none can be added or removed */
  fixed: z.boolean(),
  entries: z.array(z.object({ entry_key: z.string(), page_title: z.string(), page_description: z.string() })),
  updated_at: z.string().nullable(),
});
export type AdminPage = z.infer<typeof adminPageSchema>;
export const adminPageAnswerSchema = z.object({ result: adminPageSchema });

// ---------------------------------------------------------------------------------------------
// FAQ

export const FAQ_LIMITS = { category: 60, question: 300, answer: 5000 } as const;

export const adminFaqInputSchema = z.object({
  category: text(1, FAQ_LIMITS.category, 'Choose a category'),
  question: text(1, FAQ_LIMITS.question, 'Write the question'),
  answer: text(1, FAQ_LIMITS.answer, 'Write the answer'),
});
export type AdminFaqInput = z.input<typeof adminFaqInputSchema>;

/** The new order of one category's entries: every entry of the category, each once. */
export const adminFaqOrderSchema = z.object({
  category: z.string().trim().min(1).max(FAQ_LIMITS.category),
  ids: z.array(z.string().max(40)).min(1).max(500),
});

export const adminFaqSchema = faqSchema.extend({ sort: z.number() });
export type AdminFaq = z.infer<typeof adminFaqSchema>;
export const adminFaqAnswerSchema = z.object({ result: adminFaqSchema });
export const adminFaqListAnswerSchema = z.object({ result: z.array(adminFaqSchema) });

// ---------------------------------------------------------------------------------------------
// Blogs

/**
 * draft: never public; scheduled: public from `published_at` on; published: public. A scheduled post
 * whose time has come is answered as published.
 */
export const BLOG_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];
export const BLOG_STATUS_LABELS: Record<BlogStatus, string> = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' };

export const BLOG_LIMITS = { title: 150, slug: 120, excerpt: 300, author: 80, body: 50_000 } as const;
export const BLOG_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** 'Monthly parking in Bengaluru: a guide!' -> 'monthly-parking-in-bengaluru-a-guide' ('post' when nothing is left). */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const cut = slug.length > 80 ? slug.slice(0, 80).replace(/-[^-]*$/, '') || slug.slice(0, 80) : slug;
  return cut.replace(/-+$/, '') || 'post';
}

const isDateTime = (s: string) => !Number.isNaN(Date.parse(s));

export const adminBlogInputSchema = z
  .object({
    title: text(1, BLOG_LIMITS.title, 'Give the post a title'),
    /** empty: made from the title */
    slug: z
      .string()
      .trim()
      .max(BLOG_LIMITS.slug, `Use at most ${BLOG_LIMITS.slug} characters`)
      .refine((s) => s === '' || BLOG_SLUG.test(s), 'Use lower-case letters and digits joined by single dashes, e.g. monthly-parking-tips')
      .default(''),
    excerpt: text(1, BLOG_LIMITS.excerpt, 'Write a short summary'),
    author: text(1, BLOG_LIMITS.author, 'Name the author'),
    body: text(0, BLOG_LIMITS.body, 'Write the post'),
    status: z.enum(BLOG_STATUSES, { error: 'Choose draft, scheduled or published' }),
    /** when a scheduled post goes public (ISO date-time); ignored for drafts and published posts */
    publish_at: z.string().max(40).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.status !== 'draft' && v.body.trim() === '') ctx.addIssue({ code: 'custom', path: ['body'], message: 'Write the post before publishing it' });
    if (v.status !== 'scheduled') return;
    if (!v.publish_at || !isDateTime(v.publish_at)) ctx.addIssue({ code: 'custom', path: ['publish_at'], message: 'Choose when the post goes public' });
    else if (Date.parse(v.publish_at) <= Date.now()) ctx.addIssue({ code: 'custom', path: ['publish_at'], message: 'Choose a time in the future, or publish it now' });
  });
export type AdminBlogInput = z.input<typeof adminBlogInputSchema>;

export const adminBlogQuerySchema = adminListQuerySchema.extend({ status: z.enum(BLOG_STATUSES).optional() });

export const adminBlogSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  author: z.string(),
  cover_image: z.string().nullable(),
  status: z.enum(BLOG_STATUSES),
  /** when it went or goes public; null for a draft */
  published_at: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminBlogSummary = z.infer<typeof adminBlogSummarySchema>;
export const adminBlogSchema = adminBlogSummarySchema.extend({ body: z.string(), created_at: z.string() });
export type AdminBlog = z.infer<typeof adminBlogSchema>;
export const adminBlogAnswerSchema = z.object({ result: adminBlogSchema });
export const adminBlogListAnswerSchema = z.object({ result: z.array(adminBlogSummarySchema), page: adminPageInfoSchema });

export const adminIdParamsSchema = z.object({ id: z.string().max(100) });
export const adminDeletedAnswerSchema = z.object({ result: z.object({ id: z.string(), deleted: z.literal(true) }) });
