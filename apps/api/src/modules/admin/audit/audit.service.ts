import { ADMIN_PAGE_SIZE } from '@parkly/shared/admin';
import type { AdminAuditEntry, AdminAuditQuery } from '@parkly/shared/admin-audit';
import type { Queryable } from '../../../db/database';
import { searchAudit as searchRows, type AuditRow } from './audit.repository';

function toEntry(row: AuditRow): AdminAuditEntry {
  const details = typeof row.details === 'string' ? (JSON.parse(row.details) as Record<string, unknown>) : row.details;
  const { before = null, after = null, reason = null, ...rest } = details ?? {};
  return {
    id: row.id,
    action: row.action,
    actor: row.actor_id && row.actor_name !== null ? { id: row.actor_id, name: row.actor_name, email: row.actor_email ?? '' } : null,
    subject_type: row.subject_type,
    subject_id: row.subject_id,
    reason: typeof reason === 'string' ? reason : null,
    before,
    after,
    details: Object.keys(rest).length ? rest : null,
    ip: row.ip,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The audit log, newest first: who did what to which object, when, why, and the state before and after. */
export async function searchAudit(db: Queryable, query: AdminAuditQuery) {
  const { rows, total } = await searchRows(db, query);
  return { result: rows.map(toEntry), page: { page: query.page, page_size: ADMIN_PAGE_SIZE, total } };
}
