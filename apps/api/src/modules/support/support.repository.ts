import type { Queryable } from '../../db/database';

/** A FAQ entry or a help-page entry that shares at least one word with the question. */
export interface HelpCandidate {
  kind: 'faq' | 'page';
  page_name: string | null;
  entry_key: string | null;
  title: string;
  body: string;
  /** ts_rank against the question with its words OR'ed (plainto_tsquery), question/title weighted highest */
  loose_rank: number;
  /** ts_rank against websearch_to_tsquery: every word must be there */
  strict_rank: number;
  /** the question's lexemes found in the entry, and in its title alone */
  matched: string[];
  title_matched: string[];
}

export interface HelpSearch {
  /** the question's lexemes (stop words dropped, stemmed) */
  terms: string[];
  /** how many entries were searched, for weighting rare words above common ones */
  corpus_size: number;
  candidates: HelpCandidate[];
}

/** Pages that make sense as an answer (the footer holds links, not help). */
const HELP_PAGES = ['support', 'aboutus', 'work', 'privacy', 'terms_and_condition', 'contact'];

/**
 * Every FAQ and help-page entry that contains any word of the question, with what it matched.
 * The OR'ed query is built from plainto_tsquery's own output, so no user text is ever parsed as
 * tsquery syntax.
 */
export async function searchHelp(db: Queryable, question: string, limit = 200): Promise<HelpSearch> {
  const rows = await db.query<HelpCandidate & { terms: string[]; corpus_size: number }>(
    `WITH input AS (
       SELECT websearch_to_tsquery('english', $1) AS strict,
              replace(plainto_tsquery('english', $1)::text, ' & ', ' | ')::tsquery AS loose,
              tsvector_to_array(to_tsvector('english', $1)) AS terms,
              (SELECT count(*) FROM faqs) + (SELECT count(*) FROM page_entries WHERE page_name = ANY($2::text[])) AS corpus_size
     ),
     docs AS (
       SELECT 'faq' AS kind, NULL::text AS page_name, NULL::text AS entry_key, f.question AS title, f.answer AS body, f.search,
              setweight(to_tsvector('english', f.question), 'A') || setweight(to_tsvector('english', f.answer), 'B') AS weighted
         FROM faqs f, input WHERE f.search @@ input.loose
       UNION ALL
       SELECT 'page', p.page_name, p.entry_key, p.page_title, p.page_description, p.search,
              setweight(to_tsvector('english', p.page_title), 'A') || setweight(to_tsvector('english', p.page_description), 'C')
         FROM page_entries p, input WHERE p.page_name = ANY($2::text[]) AND p.search @@ input.loose
     )
     SELECT d.kind, d.page_name, d.entry_key, d.title, d.body,
            ts_rank(d.weighted, input.loose, 1) AS loose_rank,
            ts_rank(d.weighted, input.strict, 1) AS strict_rank,
            ARRAY(SELECT t FROM unnest(input.terms) AS t WHERE t = ANY(tsvector_to_array(d.search))) AS matched,
            ARRAY(SELECT t FROM unnest(input.terms) AS t WHERE t = ANY(tsvector_to_array(to_tsvector('english', d.title)))) AS title_matched,
            input.terms, input.corpus_size
       FROM docs d, input
      ORDER BY loose_rank DESC
      LIMIT $3`,
    [question, HELP_PAGES, limit],
  );
  const first = rows[0];
  if (!first) return { terms: [], corpus_size: 0, candidates: [] };
  return {
    terms: first.terms,
    corpus_size: Number(first.corpus_size),
    candidates: rows.map(({ terms: _t, corpus_size: _c, ...c }) => ({ ...c, loose_rank: Number(c.loose_rank), strict_rank: Number(c.strict_rank) })),
  };
}

export interface NewContactMessage {
  userId: string | null;
  name: string;
  email: string;
  subject: string;
  message: string;
}

export async function insertContactMessage(db: Queryable, m: NewContactMessage) {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO contact_messages (user_id, name, email, subject, message) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [m.userId, m.name, m.email, m.subject, m.message],
  );
  return rows[0]!.id;
}

/** A question the support bot could not answer, for the support inbox. */
export async function insertSupportQuestion(db: Queryable, q: { userId: string | null; question: string }) {
  await db.query(`INSERT INTO support_questions (user_id, question) VALUES ($1, $2)`, [q.userId, q.question.slice(0, 2000)]);
}
