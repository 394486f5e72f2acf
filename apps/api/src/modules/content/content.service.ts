import { FAQ_CATEGORIES, type Blog, type BlogSummary, type Faq, type PageName, type PagesAnswer } from '@parkly/shared/content';
import type { Queryable } from '../../db/database';
import { notFound } from '../../lib/app-error';
import { findBlogBySlug, findBlogs, findFaqs, findPageEntries, searchFaqs, type BlogRow } from './content.repository';

/** `POST pages`: the page's entries keyed by entry, in the page's own order. */
export async function getPage(db: Queryable, pageName: PageName): Promise<PagesAnswer> {
  const entries = await findPageEntries(db, pageName);
  const answer: PagesAnswer = {};
  for (const e of entries) answer[e.entry_key] = { page_title: e.page_title, page_description: e.page_description };
  return answer;
}

export async function listFaqs(db: Queryable, q: string): Promise<Faq[]> {
  const rows = q ? await searchFaqs(db, q, FAQ_CATEGORIES) : await findFaqs(db, FAQ_CATEGORIES);
  return rows.map(({ id, category, question, answer }) => ({ id, category, question, answer }));
}

const BLOG_LIST_LIMIT = 100;
const WORDS_PER_MINUTE = 200;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function toSummary(row: BlogRow): BlogSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    author: row.author,
    cover_image: row.cover_image,
    published_at: new Date(row.published_at).toISOString(),
    reading_minutes: Math.max(1, Math.round(Number(row.words) / WORDS_PER_MINUTE)),
  };
}

export async function listBlogs(db: Queryable): Promise<BlogSummary[]> {
  return (await findBlogs(db, BLOG_LIST_LIMIT)).map(toSummary);
}

export async function getBlog(db: Queryable, slug: string): Promise<Blog> {
  // anything that cannot be a slug is simply not found, without asking the database
  const row = SLUG.test(slug) && slug.length <= 120 ? await findBlogBySlug(db, slug) : undefined;
  if (!row) throw notFound('Blog post not found');
  return { ...toSummary(row), body: row.body };
}
