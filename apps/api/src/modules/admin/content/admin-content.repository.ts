import type { BlogStatus } from '@parkly/shared/admin-content';
import type { Queryable } from '../../../db/database';
import { containsPattern } from '../../../db/like';

// ---------------------------------------------------------------------------------------------
// Pages

export interface PageEntryRow {
  entry_key: string;
  page_title: string;
  page_description: string;
  updated_at: Date;
}

export async function findPageEntries(db: Queryable, pageName: string) {
  return db.query<PageEntryRow>(
    `SELECT entry_key, page_title, page_description, updated_at FROM page_entries WHERE page_name = $1 ORDER BY sort, entry_key`,
    [pageName],
  );
}

/** Locks the page's entries for a rewrite (two admins saving at once apply one after the other). */
export async function lockPage(db: Queryable, pageName: string) {
  await db.query(`SELECT 1 FROM page_entries WHERE page_name = $1 FOR UPDATE`, [pageName]);
}

/** The page becomes exactly these entries, in this order. */
export async function replacePageEntries(db: Queryable, pageName: string, entries: { entry_key: string; page_title: string; page_description: string }[]) {
  await db.query(`DELETE FROM page_entries WHERE page_name = $1 AND NOT (entry_key = ANY($2::text[]))`, [pageName, entries.map((e) => e.entry_key)]);
  for (const [sort, e] of entries.entries()) {
    await db.query(
      `INSERT INTO page_entries (page_name, entry_key, page_title, page_description, sort, updated_at) VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT (page_name, entry_key) DO UPDATE
         SET page_title = EXCLUDED.page_title, page_description = EXCLUDED.page_description, sort = EXCLUDED.sort,
             updated_at = CASE WHEN (page_entries.page_title, page_entries.page_description, page_entries.sort) IS DISTINCT FROM (EXCLUDED.page_title, EXCLUDED.page_description, EXCLUDED.sort)
                               THEN now() ELSE page_entries.updated_at END`,
      [pageName, e.entry_key, e.page_title, e.page_description, sort],
    );
  }
}

// ---------------------------------------------------------------------------------------------
// FAQ

export interface AdminFaqRow {
  id: string;
  category: string;
  question: string;
  answer: string;
  sort: number;
}

const FAQ_COLUMNS = 'id, category, question, answer, sort';

/** Every entry in the public FAQ's order: known categories first (in `categoryOrder`), then by sort. */
export async function findAllFaqs(db: Queryable, categoryOrder: readonly string[]) {
  return db.query<AdminFaqRow>(
    `SELECT ${FAQ_COLUMNS} FROM faqs ORDER BY array_position($1::text[], category) NULLS LAST, category, sort, question`,
    [categoryOrder],
  );
}

export async function findFaq(db: Queryable, id: string, opts: { lock?: boolean } = {}) {
  const rows = await db.query<AdminFaqRow>(`SELECT ${FAQ_COLUMNS} FROM faqs WHERE id = $1${opts.lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

/** A new entry goes to the end of its category. */
export async function insertFaq(db: Queryable, f: { category: string; question: string; answer: string }) {
  const rows = await db.query<AdminFaqRow>(
    `INSERT INTO faqs (category, question, answer, sort)
     VALUES ($1, $2, $3, (SELECT coalesce(max(sort) + 1, 0) FROM faqs WHERE category = $1))
     RETURNING ${FAQ_COLUMNS}`,
    [f.category, f.question, f.answer],
  );
  return rows[0]!;
}

/** An entry moved to another category goes to its end; otherwise it keeps its place. */
export async function updateFaq(db: Queryable, id: string, f: { category: string; question: string; answer: string }) {
  const rows = await db.query<AdminFaqRow>(
    `UPDATE faqs SET question = $3, answer = $4,
            sort = CASE WHEN category = $2 THEN sort ELSE (SELECT coalesce(max(sort) + 1, 0) FROM faqs WHERE category = $2) END,
            category = $2
      WHERE id = $1 RETURNING ${FAQ_COLUMNS}`,
    [id, f.category, f.question, f.answer],
  );
  return rows[0];
}

export async function deleteFaq(db: Queryable, id: string) {
  const rows = await db.query<AdminFaqRow>(`DELETE FROM faqs WHERE id = $1 RETURNING ${FAQ_COLUMNS}`, [id]);
  return rows[0];
}

export async function findCategoryFaqIds(db: Queryable, category: string) {
  const rows = await db.query<{ id: string }>(`SELECT id FROM faqs WHERE category = $1 ORDER BY sort, question FOR UPDATE`, [category]);
  return rows.map((r) => r.id);
}

export async function setFaqOrder(db: Queryable, ids: string[]) {
  await db.query(`UPDATE faqs SET sort = o.n - 1 FROM unnest($1::uuid[]) WITH ORDINALITY AS o(id, n) WHERE faqs.id = o.id`, [ids]);
}

// ---------------------------------------------------------------------------------------------
// Blogs

export interface AdminBlogRow {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  cover_image: string | null;
  status: BlogStatus;
  published_at: Date;
  created_at: Date;
  updated_at: Date;
  body: string;
}

const BLOG_SUMMARY = 'id, slug, title, excerpt, author, cover_image, status, published_at, created_at, updated_at';

/** The status an admin sees: a scheduled post whose time has come is published. */
const EFFECTIVE_STATUS = `CASE WHEN status = 'scheduled' AND published_at <= now() THEN 'published' ELSE status END`;

export async function findBlogPage(db: Queryable, q: { search?: string; status?: BlogStatus; limit: number; offset: number }) {
  const pattern = q.search ? containsPattern(q.search) : null;
  const where = `($1::text IS NULL OR title ILIKE $1 OR slug ILIKE $1 OR author ILIKE $1) AND ($2::text IS NULL OR ${EFFECTIVE_STATUS} = $2)`;
  const rows = await db.query<Omit<AdminBlogRow, 'body'>>(
    `SELECT ${BLOG_SUMMARY} FROM blogs WHERE ${where}
      ORDER BY (status = 'draft') DESC, published_at DESC, slug LIMIT $3 OFFSET $4`,
    [pattern, q.status ?? null, q.limit, q.offset],
  );
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM blogs WHERE ${where}`, [pattern, q.status ?? null]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findBlog(db: Queryable, id: string, opts: { lock?: boolean } = {}) {
  const rows = await db.query<AdminBlogRow>(`SELECT ${BLOG_SUMMARY}, body FROM blogs WHERE id = $1${opts.lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

export async function slugTaken(db: Queryable, slug: string, exceptId: string | null) {
  const rows = await db.query(`SELECT 1 FROM blogs WHERE slug = $1 AND ($2::uuid IS NULL OR id <> $2)`, [slug, exceptId]);
  return rows.length > 0;
}

/** Slugs starting with `base`, to pick a free one for a title. */
export async function slugsLike(db: Queryable, base: string) {
  const rows = await db.query<{ slug: string }>(`SELECT slug FROM blogs WHERE slug = $1 OR slug LIKE $2`, [base, `${base}-%`]);
  return new Set(rows.map((r) => r.slug));
}

export interface BlogWrite {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  body: string;
  status: BlogStatus;
  publishedAt: Date;
}

export async function insertBlog(db: Queryable, b: BlogWrite) {
  const rows = await db.query<AdminBlogRow>(
    `INSERT INTO blogs (slug, title, excerpt, author, body, status, published_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     RETURNING ${BLOG_SUMMARY}, body`,
    [b.slug, b.title, b.excerpt, b.author, b.body, b.status, b.publishedAt],
  );
  return rows[0]!;
}

export async function updateBlog(db: Queryable, id: string, b: BlogWrite) {
  const rows = await db.query<AdminBlogRow>(
    `UPDATE blogs SET slug = $2, title = $3, excerpt = $4, author = $5, body = $6, status = $7, published_at = $8, updated_at = now()
      WHERE id = $1 RETURNING ${BLOG_SUMMARY}, body`,
    [id, b.slug, b.title, b.excerpt, b.author, b.body, b.status, b.publishedAt],
  );
  return rows[0];
}

export async function setBlogCover(db: Queryable, id: string, coverImage: string | null) {
  const rows = await db.query<AdminBlogRow>(`UPDATE blogs SET cover_image = $2, updated_at = now() WHERE id = $1 RETURNING ${BLOG_SUMMARY}, body`, [id, coverImage]);
  return rows[0];
}

export async function deleteBlog(db: Queryable, id: string) {
  const rows = await db.query<AdminBlogRow>(`DELETE FROM blogs WHERE id = $1 RETURNING ${BLOG_SUMMARY}, body`, [id]);
  return rows[0];
}
