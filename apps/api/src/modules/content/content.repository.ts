import type { Queryable } from '../../db/database';
import { containsPattern } from '../../db/like';

export interface PageEntryRow {
  entry_key: string;
  page_title: string;
  page_description: string;
}

export async function findPageEntries(db: Queryable, pageName: string) {
  return db.query<PageEntryRow>(
    `SELECT entry_key, page_title, page_description FROM page_entries WHERE page_name = $1 ORDER BY sort, entry_key`,
    [pageName],
  );
}

export interface FaqRow {
  id: string;
  category: string;
  question: string;
  answer: string;
}

/** Every FAQ entry, categories in `categoryOrder` first, then by their own sort. */
export async function findFaqs(db: Queryable, categoryOrder: readonly string[]) {
  return db.query<FaqRow>(
    `SELECT id, category, question, answer FROM faqs
      ORDER BY array_position($1::text[], category) NULLS LAST, category, sort, question`,
    [categoryOrder],
  );
}

/**
 * Full-text search (websearch syntax: quotes, OR, -word) ranked by relevance, a word in the question
 * counting more than one in the answer, plus a substring match so what the text-search parser drops
 * (stop words, fragments such as 'Aadha') still finds something.
 */
export async function searchFaqs(db: Queryable, q: string, categoryOrder: readonly string[]) {
  const pattern = containsPattern(q);
  return db.query<FaqRow>(
    `SELECT id, category, question, answer FROM faqs,
            websearch_to_tsquery('english', $1) AS query
      WHERE search @@ query OR question ILIKE $2 OR answer ILIKE $2
      ORDER BY ts_rank(setweight(to_tsvector('english', question), 'A') || setweight(to_tsvector('english', answer), 'B'), query) DESC,
               (question ILIKE $2) DESC,
               array_position($3::text[], category) NULLS LAST, category, sort, question
      LIMIT 50`,
    [q, pattern, categoryOrder],
  );
}

export interface BlogRow {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  cover_image: string | null;
  published_at: Date;
  words: number;
}

const BLOG_COLUMNS = `id, slug, title, excerpt, author, cover_image, published_at,
  coalesce(array_length(regexp_split_to_array(btrim(body), '\\s+'), 1), 0) AS words`;

/**
 * What the public may read: published posts, and scheduled ones whose time has come; never a draft.
 * Read on every call (no cache), so an edit in the console shows at once.
 */
const PUBLIC_BLOG = `status <> 'draft' AND published_at <= now()`;

export async function findBlogs(db: Queryable, limit: number) {
  return db.query<BlogRow>(
    `SELECT ${BLOG_COLUMNS} FROM blogs WHERE ${PUBLIC_BLOG} ORDER BY published_at DESC, slug LIMIT $1`,
    [limit],
  );
}

export async function findBlogBySlug(db: Queryable, slug: string) {
  const rows = await db.query<BlogRow & { body: string }>(`SELECT ${BLOG_COLUMNS}, body FROM blogs WHERE slug = $1 AND ${PUBLIC_BLOG}`, [
    slug,
  ]);
  return rows[0];
}
