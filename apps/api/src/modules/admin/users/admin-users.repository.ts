import type { AdminUsersQuery } from '@parkly/shared/admin-users';
import { ADMIN_PAGE_SIZE } from '@parkly/shared/admin';
import { one, type Queryable } from '../../../db/database';
import { bookingEndSql } from '../../bookings/unit-availability';
import { containsPattern } from '../../../db/like';

/** Live accounts only: a deleted account keeps an anonymised row that the console does not list. */
const LIVE = 'u.deleted_at IS NULL';

const SUMMARY_COLUMNS = `u.id, u.name, u.email, u.phone, u.role, u.host_user, u.id_verification_status, u.suspended_at, u.created_at`;

export interface UserSummaryRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  role: 'user' | 'admin';
  host_user: boolean;
  id_verification_status: 'none' | 'pending' | 'approved' | 'rejected';
  suspended_at: Date | string | null;
  created_at: Date | string;
}

export interface UserDetailRow extends UserSummaryRow {
  suspension_reason: string | null;
  location_label: string | null;
}


function userFilters(q: AdminUsersQuery) {
  const where = [LIVE];
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (q.q) {
    const like = p(containsPattern(q.q));
    const match = [`u.name ILIKE ${like}`, `u.email::text ILIKE ${like}`, `u.phone ILIKE ${like}`];
    // '98450 12345', '+91-98450…' and '9845012345' are the same phone: compare digits when the words are a number
    const digits = q.q.replace(/\D/g, '');
    if (digits.length >= 3 && /^[\d\s()+.-]+$/.test(q.q)) match.push(`regexp_replace(u.phone, '\\D', '', 'g') LIKE ${p(`%${digits}%`)}`);
    where.push(`(${match.join(' OR ')})`);
  }
  if (q.role) where.push(`u.role = ${p(q.role)}`);
  if (q.status === 'suspended') where.push('u.suspended_at IS NOT NULL');
  if (q.status === 'active') where.push('u.suspended_at IS NULL');
  return { where: where.join(' AND '), params };
}

/** One page of accounts matching the search, newest first, and how many match in all. */
export async function searchUsers(db: Queryable, q: AdminUsersQuery) {
  const { where, params } = userFilters(q);
  const [rows, [count]] = await Promise.all([
    db.query<UserSummaryRow>(
      `SELECT ${SUMMARY_COLUMNS} FROM users u WHERE ${where}
        ORDER BY u.created_at DESC, u.id DESC
        LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${(q.page - 1) * ADMIN_PAGE_SIZE}`,
      params,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM users u WHERE ${where}`, params),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export function findUser(db: Queryable, id: string, opts: { lock?: boolean } = {}) {
  return one<UserDetailRow>(
    db,
    `SELECT ${SUMMARY_COLUMNS}, u.suspension_reason, u.location_label FROM users u WHERE u.id = $1 AND ${LIVE}${opts.lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
}

export function latestGovernmentId(db: Queryable, userId: string) {
  return one<{ status: 'pending' | 'approved' | 'rejected'; original_name: string; created_at: Date | string; reviewed_at: Date | string | null }>(
    db,
    `SELECT status, original_name, created_at, reviewed_at FROM government_ids WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [userId],
  );
}

export async function countsOf(db: Queryable, userId: string) {
  const [row] = await db.query<{ listings: number; bookings: number }>(
    `SELECT (SELECT count(*)::int FROM listings WHERE host_id = $1) AS listings, (SELECT count(*)::int FROM bookings WHERE guest_id = $1) AS bookings`,
    [userId],
  );
  return row!;
}

export function listingsOf(db: Queryable, hostId: string, limit: number) {
  return db.query<{ id: string; title: string | null; status: string; suspended_with_account: boolean; created_at: Date | string }>(
    `SELECT id, title, status, suspended_with_account, created_at FROM listings WHERE host_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [hostId, limit],
  );
}

export function bookingsAsGuest(db: Queryable, guestId: string, limit: number) {
  return db.query<{
    id: string;
    listing_id: string;
    listing_title: string | null;
    status: string;
    start: Date | string;
    end: Date | string;
    total: number;
    currency: string;
    created_at: Date | string;
  }>(
    `SELECT b.id, b.listing_id, l.title AS listing_title, b.status, lower(b.during) AS start, ${bookingEndSql('b')} AS "end",
            b.total, b.currency, b.created_at
       FROM bookings b JOIN listings l ON l.id = b.listing_id
      WHERE b.guest_id = $1 ORDER BY b.created_at DESC, b.id DESC LIMIT $2`,
    [guestId, limit],
  );
}

/** Sessions that still let the user in (as resolveSession decides), without the token hash. */
export function liveSessionsOf(db: Queryable, userId: string, idleMs: number, limit: number) {
  return db.query<{ id: string; created_at: Date | string; last_seen_at: Date | string; user_agent: string | null; ip: string | null }>(
    `SELECT id, created_at, last_seen_at, user_agent, ip FROM sessions
      WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() AND last_seen_at > now() - ($2::bigint * interval '1 millisecond')
      ORDER BY last_seen_at DESC, id DESC LIMIT $3`,
    [userId, idleMs, limit],
  );
}

export async function markSuspended(db: Queryable, userId: string, reason: string) {
  await db.query(`UPDATE users SET suspended_at = now(), suspension_reason = $2, updated_at = now() WHERE id = $1`, [userId, reason]);
}

export async function clearSuspension(db: Queryable, userId: string) {
  await db.query(`UPDATE users SET suspended_at = NULL, suspension_reason = NULL, updated_at = now() WHERE id = $1`, [userId]);
}

export async function setRole(db: Queryable, userId: string, role: 'user' | 'admin') {
  await db.query(`UPDATE users SET role = $2, updated_at = now() WHERE id = $1`, [userId, role]);
}

/**
 * Takes down the host's listings that guests can find or that are on their way there (live, paused,
 * in review), keeping the status each had; answers what it changed. Drafts, rejected, deleted and
 * listings an admin already suspended on their own are left alone.
 */
export function suspendListingsOfHost(db: Queryable, hostId: string) {
  return db.query<{ id: string; status_before_suspension: string }>(
    `UPDATE listings SET status_before_suspension = status, status = 'suspended', suspended_with_account = true, updated_at = now()
      WHERE host_id = $1 AND status IN ('active', 'paused', 'pending_review')
      RETURNING id, status_before_suspension`,
    [hostId],
  );
}

/** Puts back the listings taken down with the account (and only those), each to the status it had. */
export function restoreListingsOfHost(db: Queryable, hostId: string) {
  return db.query<{ id: string; status: string }>(
    `UPDATE listings SET status = status_before_suspension, status_before_suspension = NULL, suspended_with_account = false, updated_at = now()
      WHERE host_id = $1 AND status = 'suspended' AND suspended_with_account
      RETURNING id, status`,
    [hostId],
  );
}

/**
 * The admins who can still act (not suspended, not deleted), locked, so two admins removing each other
 * at the same moment cannot leave the marketplace with none.
 */
export async function lockActiveAdmins(db: Queryable) {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM users WHERE role = 'admin' AND suspended_at IS NULL AND deleted_at IS NULL ORDER BY id FOR UPDATE`,
  );
  return rows.map((r) => r.id);
}
