import type { AdminIdQueueQuery } from '@parkly/shared/admin-verification';
import { ADMIN_PAGE_SIZE } from '@parkly/shared/admin';
import { one, type Queryable } from '../../../db/database';
import { containsPattern } from '../../../db/like';

export interface IdDocumentRow {
  id: string;
  user_id: string;
  user_name: string;
  user_email: string;
  host_user: boolean;
  id_verification_status: 'none' | 'pending' | 'approved' | 'rejected';
  storage_key: string;
  original_name: string;
  mime_type: string;
  size_bytes: number;
  status: 'pending' | 'approved' | 'rejected';
  created_at: Date | string;
  reviewed_at: Date | string | null;
  reviewer_id: string | null;
  reviewer_name: string | null;
  review_reason: string | null;
  is_latest: boolean;
}

const COLUMNS = `g.id, g.user_id, u.name AS user_name, u.email AS user_email, u.host_user, u.id_verification_status,
  g.storage_key, g.original_name, g.mime_type, g.size_bytes, g.status, g.created_at, g.reviewed_at, g.reviewer_id,
  r.name AS reviewer_name, g.review_reason,
  NOT EXISTS (SELECT 1 FROM government_ids n WHERE n.user_id = g.user_id AND (n.created_at, n.id) > (g.created_at, g.id)) AS is_latest`;

const FROM = `FROM government_ids g JOIN users u ON u.id = g.user_id LEFT JOIN users r ON r.id = g.reviewer_id`;

function where(q: AdminIdQueueQuery) {
  const conds = ['u.deleted_at IS NULL'];
  const params: unknown[] = [];
  if (q.status) {
    params.push(q.status);
    conds.push(`g.status = $${params.length}`);
  }
  if (q.q) {
    params.push(containsPattern(q.q));
    conds.push(`(u.name ILIKE $${params.length} OR u.email ILIKE $${params.length})`);
  }
  return { sql: conds.join(' AND '), params };
}

/** The queue: pending documents first, oldest first (first come, first served); reviewed ones latest review first. */
export async function findIdDocuments(db: Queryable, q: AdminIdQueueQuery) {
  const w = where(q);
  const offset = (q.page - 1) * ADMIN_PAGE_SIZE;
  const rows = await db.query<IdDocumentRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE ${w.sql}
      ORDER BY (g.status = 'pending') DESC,
               CASE WHEN g.status = 'pending' THEN g.created_at END ASC,
               g.reviewed_at DESC NULLS LAST, g.created_at DESC, g.id
      LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${offset}`,
    w.params,
  );
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${FROM} WHERE ${w.sql}`, w.params);
  return { rows, total: count?.n ?? 0 };
}

export function findIdDocument(db: Queryable, id: string, opts: { lock?: boolean } = {}) {
  return one<IdDocumentRow>(db, `SELECT ${COLUMNS} ${FROM} WHERE g.id = $1 AND u.deleted_at IS NULL${opts.lock ? ' FOR UPDATE OF g' : ''}`, [id]);
}

/** Records the decision on a document and makes the account's status follow it. */
export async function markReviewed(db: Queryable, doc: { id: string; userId: string }, decision: { status: 'approved' | 'rejected'; reviewerId: string; reason: string | null }) {
  await db.query(`UPDATE government_ids SET status = $2, reviewer_id = $3, reviewed_at = now(), review_reason = $4 WHERE id = $1`, [
    doc.id,
    decision.status,
    decision.reviewerId,
    decision.reason,
  ]);
  await db.query(`UPDATE users SET id_verification_status = $2, updated_at = now() WHERE id = $1`, [doc.userId, decision.status]);
}

/** Older documents of the user still waiting: they are replaced by the one just reviewed and leave the queue. */
export async function closeReplacedDocuments(db: Queryable, userId: string, latestId: string, reviewerId: string) {
  await db.query(
    `UPDATE government_ids SET status = 'rejected', reviewer_id = $3, reviewed_at = now(), review_reason = 'Replaced by a newer upload'
      WHERE user_id = $1 AND id <> $2 AND status = 'pending'`,
    [userId, latestId, reviewerId],
  );
}
