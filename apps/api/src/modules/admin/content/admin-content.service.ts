import { ADMIN_PAGE_SIZE, type AdminListQuery } from '@parkly/shared/admin';
import {
  FIXED_PAGE_KEYS,
  PAGE_LABELS,
  pageEntryErrors,
  slugify,
  type AdminBlog,
  type AdminBlogSummary,
  type AdminFaq,
  type AdminPage,
  type AdminPageEntry,
  type BlogStatus,
} from '@parkly/shared/admin-content';
import { FAQ_CATEGORIES, type PageName } from '@parkly/shared/content';
import type { Database, Queryable } from '../../../db/database';
import { AppError, badRequest, notFound } from '../../../lib/app-error';
import { isUuid } from '../../../lib/ids';
import { recordAdminAction, type AdminActor } from '../admin-audit';
import * as repo from './admin-content.repository';

// ---------------------------------------------------------------------------------------------
// Pages

function toPage(pageName: PageName, rows: repo.PageEntryRow[]): AdminPage {
  const latest = rows.reduce<Date | null>((max, r) => (!max || r.updated_at > max ? new Date(r.updated_at) : max), null);
  return {
    page_name: pageName,
    label: PAGE_LABELS[pageName],
    fixed: FIXED_PAGE_KEYS[pageName] !== undefined,
    entries: rows.map(({ entry_key, page_title, page_description }) => ({ entry_key, page_title, page_description })),
    updated_at: latest ? latest.toISOString() : null,
  };
}

export async function getAdminPage(db: Database, pageName: PageName): Promise<AdminPage> {
  return toPage(pageName, await repo.findPageEntries(db, pageName));
}

/** The page becomes exactly `entries` (their order is the page's), audited with the page before and after. */
export async function updateAdminPage(db: Database, actor: AdminActor, pageName: PageName, entries: AdminPageEntry[]): Promise<AdminPage> {
  const errors = pageEntryErrors(pageName, entries);
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors);
  return db.transaction(async (tx) => {
    await repo.lockPage(tx, pageName);
    const before = toPage(pageName, await repo.findPageEntries(tx, pageName));
    await repo.replacePageEntries(tx, pageName, entries);
    const after = toPage(pageName, await repo.findPageEntries(tx, pageName));
    await recordAdminAction(tx, actor, { action: 'page.update', subjectType: 'page', subjectId: pageName, before: before.entries, after: after.entries });
    return after;
  });
}

// ---------------------------------------------------------------------------------------------
// FAQ

const faqNotFound = () => notFound('FAQ entry not found');
const toFaq = ({ id, category, question, answer, sort }: repo.AdminFaqRow): AdminFaq => ({ id, category, question, answer, sort: Number(sort) });
type FaqFields = { category: string; question: string; answer: string };

export async function listAdminFaqs(db: Database): Promise<AdminFaq[]> {
  return (await repo.findAllFaqs(db, FAQ_CATEGORIES)).map(toFaq);
}

export async function createFaq(db: Database, actor: AdminActor, input: FaqFields): Promise<AdminFaq> {
  return db.transaction(async (tx) => {
    const faq = toFaq(await repo.insertFaq(tx, input));
    await recordAdminAction(tx, actor, { action: 'faq.create', subjectType: 'faq', subjectId: faq.id, after: faq });
    return faq;
  });
}

export async function updateFaq(db: Database, actor: AdminActor, id: string, input: FaqFields): Promise<AdminFaq> {
  if (!isUuid(id)) throw faqNotFound();
  return db.transaction(async (tx) => {
    const before = await repo.findFaq(tx, id, { lock: true });
    if (!before) throw faqNotFound();
    const faq = toFaq((await repo.updateFaq(tx, id, input))!);
    await recordAdminAction(tx, actor, { action: 'faq.update', subjectType: 'faq', subjectId: id, before: toFaq(before), after: faq });
    return faq;
  });
}

export async function deleteFaq(db: Database, actor: AdminActor, id: string) {
  if (!isUuid(id)) throw faqNotFound();
  return db.transaction(async (tx) => {
    const removed = await repo.deleteFaq(tx, id);
    if (!removed) throw faqNotFound();
    await recordAdminAction(tx, actor, { action: 'faq.delete', subjectType: 'faq', subjectId: id, before: toFaq(removed) });
    return { id, deleted: true as const };
  });
}

/** A category's new order: `ids` must name every entry of the category once. */
export async function reorderFaqs(db: Database, actor: AdminActor, category: string, ids: string[]): Promise<AdminFaq[]> {
  await db.transaction(async (tx) => {
    const current = await repo.findCategoryFaqIds(tx, category);
    if (current.length === 0) throw notFound('No FAQ entries in this category');
    const known = new Set(current);
    if (ids.length !== current.length || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
      const message = `Send the ids of all ${current.length} entries of this category, each once, in the new order.`;
      throw badRequest(message, { ids: message });
    }
    await repo.setFaqOrder(tx, ids);
    await recordAdminAction(tx, actor, { action: 'faq.reorder', subjectType: 'faq_category', subjectId: category, before: current, after: ids });
  });
  return listAdminFaqs(db);
}

// ---------------------------------------------------------------------------------------------
// Blogs

const blogNotFound = () => notFound('Blog post not found');
const slugConflict = (slug: string) => {
  const message = `Another post already uses the address '${slug}'. Choose another.`;
  return new AppError('CONFLICT', message, { errors: { slug: message } });
};
/** 23505: the unique slug refused a second post (two saves at once) */
const isDuplicate = (err: unknown) => (err as { code?: string }).code === '23505';

function effectiveStatus(row: { status: BlogStatus; published_at: Date }): BlogStatus {
  return row.status === 'scheduled' && new Date(row.published_at).getTime() <= Date.now() ? 'published' : row.status;
}

export function toBlogSummary(row: Omit<repo.AdminBlogRow, 'body'>): AdminBlogSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    author: row.author,
    cover_image: row.cover_image,
    status: effectiveStatus(row),
    published_at: row.status === 'draft' ? null : new Date(row.published_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export const toBlog = (row: repo.AdminBlogRow): AdminBlog => ({ ...toBlogSummary(row), body: row.body, created_at: new Date(row.created_at).toISOString() });

export async function listAdminBlogs(db: Database, q: AdminListQuery & { status?: BlogStatus }) {
  const { rows, total } = await repo.findBlogPage(db, { search: q.q, status: q.status, limit: ADMIN_PAGE_SIZE, offset: (q.page - 1) * ADMIN_PAGE_SIZE });
  return { result: rows.map(toBlogSummary), page: { page: q.page, page_size: ADMIN_PAGE_SIZE, total } };
}

export async function getAdminBlog(db: Database, id: string): Promise<AdminBlog> {
  const row = isUuid(id) ? await repo.findBlog(db, id) : undefined;
  if (!row) throw blogNotFound();
  return toBlog(row);
}

export interface BlogFields {
  title: string;
  slug: string;
  excerpt: string;
  author: string;
  body: string;
  status: BlogStatus;
  publish_at: string | null;
}

/**
 * When the post is public from: a scheduled post at its time; a post published now keeps the time it
 * first went public (editing a live post does not move it to the top), otherwise now; a draft keeps
 * whatever it had (not shown).
 */
function publishTime(input: BlogFields, before: repo.AdminBlogRow | undefined): Date {
  const now = new Date();
  if (input.status === 'scheduled') return new Date(input.publish_at!);
  if (input.status === 'published') return before && effectiveStatus(before) === 'published' ? new Date(before.published_at) : now;
  return before ? new Date(before.published_at) : now;
}

/** The slug asked for (409 when taken), or a free one made from the title. */
async function chooseSlug(tx: Queryable, input: BlogFields, id: string | null): Promise<string> {
  if (input.slug) {
    if (await repo.slugTaken(tx, input.slug, id)) throw slugConflict(input.slug);
    return input.slug;
  }
  const base = slugify(input.title);
  const taken = await repo.slugsLike(tx, base);
  if (id) {
    const own = await repo.findBlog(tx, id);
    if (own) taken.delete(own.slug);
  }
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const toWrite = (input: BlogFields, slug: string, publishedAt: Date): repo.BlogWrite => ({
  slug,
  title: input.title,
  excerpt: input.excerpt,
  author: input.author,
  body: input.body,
  status: input.status,
  publishedAt,
});

export async function createBlog(db: Database, actor: AdminActor, input: BlogFields): Promise<AdminBlog> {
  try {
    return await db.transaction(async (tx) => {
      const slug = await chooseSlug(tx, input, null);
      const blog = toBlog(await repo.insertBlog(tx, toWrite(input, slug, publishTime(input, undefined))));
      await recordAdminAction(tx, actor, { action: 'blog.create', subjectType: 'blog', subjectId: blog.id, after: auditedBlog(blog) });
      return blog;
    });
  } catch (err) {
    if (isDuplicate(err)) throw slugConflict(input.slug || slugify(input.title));
    throw err;
  }
}

export async function updateBlog(db: Database, actor: AdminActor, id: string, input: BlogFields): Promise<AdminBlog> {
  if (!isUuid(id)) throw blogNotFound();
  try {
    return await db.transaction(async (tx) => {
      const before = await repo.findBlog(tx, id, { lock: true });
      if (!before) throw blogNotFound();
      const slug = await chooseSlug(tx, { ...input, slug: input.slug || before.slug }, id);
      const blog = toBlog((await repo.updateBlog(tx, id, toWrite(input, slug, publishTime(input, before))))!);
      await recordAdminAction(tx, actor, { action: 'blog.update', subjectType: 'blog', subjectId: id, before: auditedBlog(toBlog(before)), after: auditedBlog(blog) });
      return blog;
    });
  } catch (err) {
    if (isDuplicate(err)) throw slugConflict(input.slug);
    throw err;
  }
}

export async function deleteBlog(db: Database, actor: AdminActor, id: string) {
  if (!isUuid(id)) throw blogNotFound();
  const removed = await db.transaction(async (tx) => {
    const row = await repo.deleteBlog(tx, id);
    if (!row) throw blogNotFound();
    await recordAdminAction(tx, actor, { action: 'blog.delete', subjectType: 'blog', subjectId: id, before: auditedBlog(toBlog(row)) });
    return row;
  });
  return { removed, result: { id, deleted: true as const } };
}

/** What the audit log keeps of a post: everything, the body included (it is what was published). */
const auditedBlog = (b: AdminBlog) => ({ slug: b.slug, title: b.title, excerpt: b.excerpt, author: b.author, status: b.status, published_at: b.published_at, cover_image: b.cover_image, body: b.body });
