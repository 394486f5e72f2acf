import type { SupportKind, SupportStatus } from '@parkly/shared/admin-support';
import type { Queryable } from '../../../db/database';
import { containsPattern } from '../../../db/like';

/**
 * Both kinds of message read as one shape: a contact message has its own name, e-mail and subject; a
 * bot question takes the signed-in user's name and e-mail (none for an anonymous visitor) and its
 * subject is the start of the question.
 */
const SOURCES: Record<SupportKind, string> = {
  contact: `SELECT m.id, 'contact' AS kind, m.status, m.name, m.email, m.subject, m.message, m.user_id, m.reply,
                   m.answered_by, m.answered_at, m.created_at
              FROM contact_messages m`,
  bot: `SELECT q.id, 'bot' AS kind, q.status, u.name, u.email, left(q.question, 120) AS subject, q.question AS message, q.user_id, q.reply,
               q.answered_by, q.answered_at, q.created_at
          FROM support_questions q LEFT JOIN users u ON u.id = q.user_id AND u.deleted_at IS NULL`,
};
const TABLES: Record<SupportKind, string> = { contact: 'contact_messages', bot: 'support_questions' };

export interface SupportRow {
  id: string;
  kind: SupportKind;
  status: SupportStatus;
  name: string | null;
  email: string | null;
  subject: string;
  message: string;
  user_id: string | null;
  reply: string | null;
  answered_by: string | null;
  answered_by_name: string | null;
  answered_at: Date | null;
  created_at: Date;
}

export async function findSupportPage(db: Queryable, q: { kind: SupportKind; status?: SupportStatus; search?: string; limit: number; offset: number }) {
  const pattern = q.search ? containsPattern(q.search) : null;
  const filtered = `SELECT * FROM (${SOURCES[q.kind]}) s
    WHERE ($1::text IS NULL OR s.status = $1) AND ($2::text IS NULL OR s.name ILIKE $2 OR s.email ILIKE $2 OR s.subject ILIKE $2 OR s.message ILIKE $2)`;
  // open messages oldest first (the longest waiting on top); answered ones newest first
  const rows = await db.query<SupportRow>(
    `SELECT * FROM (${filtered}) f
      ORDER BY (f.status = 'open') DESC, CASE WHEN f.status = 'open' THEN f.created_at END ASC, f.created_at DESC
      LIMIT $3 OFFSET $4`,
    [q.status ?? null, pattern, q.limit, q.offset],
  );
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${filtered}) f`, [q.status ?? null, pattern]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findSupportItem(db: Queryable, kind: SupportKind, id: string, opts: { lock?: boolean } = {}) {
  if (opts.lock) await db.query(`SELECT 1 FROM ${TABLES[kind]} WHERE id = $1 FOR UPDATE`, [id]);
  const rows = await db.query<SupportRow>(
    `SELECT s.*, a.name AS answered_by_name FROM (${SOURCES[kind]}) s LEFT JOIN users a ON a.id = s.answered_by WHERE s.id = $1`,
    [id],
  );
  return rows[0];
}

export async function markAnswered(db: Queryable, kind: SupportKind, id: string, reply: string | null, adminId: string) {
  await db.query(`UPDATE ${TABLES[kind]} SET status = 'answered', reply = $2, answered_by = $3, answered_at = now() WHERE id = $1`, [id, reply, adminId]);
}

/** Back to open; the last reply stays for the record. */
export async function markOpen(db: Queryable, kind: SupportKind, id: string) {
  await db.query(`UPDATE ${TABLES[kind]} SET status = 'open', answered_by = NULL, answered_at = NULL WHERE id = $1`, [id]);
}
