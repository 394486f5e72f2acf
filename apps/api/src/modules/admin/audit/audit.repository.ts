import { ADMIN_PAGE_SIZE } from '@parkly/shared/admin';
import type { AdminAuditQuery } from '@parkly/shared/admin-audit';
import type { Queryable } from '../../../db/database';
import { containsPattern, escapeLike } from '../../../db/like';

export interface AuditRow {
  id: string;
  action: string;
  actor_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  subject_type: string | null;
  subject_id: string | null;
  details: Record<string, unknown> | string | null;
  ip: string | null;
  created_at: Date | string;
}

function auditFilters(q: AdminAuditQuery) {
  const where: string[] = [];
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (q.action) where.push(`a.action LIKE ${p(`${escapeLike(q.action)}%`)}`);
  if (q.actor) {
    const like = p(containsPattern(q.actor));
    where.push(`(u.name ILIKE ${like} OR u.email::text ILIKE ${like})`);
  }
  if (q.subject) where.push(`a.subject_id ILIKE ${p(`${escapeLike(q.subject)}%`)}`);
  if (q.q) {
    // the words anywhere: the action, what it was done to, who did it, the reason and the before/after
    const like = p(containsPattern(q.q));
    where.push(
      `(a.action ILIKE ${like} OR a.subject_type ILIKE ${like} OR a.subject_id ILIKE ${like} OR u.name ILIKE ${like} OR u.email::text ILIKE ${like} OR a.details::text ILIKE ${like})`,
    );
  }
  return { where: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

/** One page of the audit log matching the filters, newest first, and how many match in all. */
export async function searchAudit(db: Queryable, q: AdminAuditQuery) {
  const { where, params } = auditFilters(q);
  const from = `FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id ${where}`;
  const [rows, [count]] = await Promise.all([
    db.query<AuditRow>(
      `SELECT a.id, a.action, a.actor_id, u.name AS actor_name, u.email AS actor_email, a.subject_type, a.subject_id, a.details, a.ip, a.created_at
         ${from}
        ORDER BY a.created_at DESC, a.id DESC
        LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${(q.page - 1) * ADMIN_PAGE_SIZE}`,
      params,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total ${from}`, params),
  ]);
  return { rows, total: count?.total ?? 0 };
}
