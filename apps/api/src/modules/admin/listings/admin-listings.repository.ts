import type { AdminListingsQuery } from '@parkly/shared/admin-listings';
import { ADMIN_PAGE_SIZE } from '@parkly/shared/admin';
import type { ListingStatus } from '@parkly/shared/listing-options';
import { one, type Queryable } from '../../../db/database';
import { containsPattern } from '../../../db/like';

export interface AdminListingRowDb {
  id: string;
  title: string | null;
  status: ListingStatus;
  parking_type: string | null;
  locality: string | null;
  city: string | null;
  cover_thumb_key: string | null;
  host_id: string;
  host_name: string;
  host_email: string;
  open_reports: number;
  moderation_reason: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const ROW_COLUMNS = `l.id, l.title, l.status, l.parking_type, l.locality, l.city, c.thumb_key AS cover_thumb_key,
  u.id AS host_id, u.name AS host_name, u.email AS host_email,
  (SELECT count(*)::int FROM listing_reports r WHERE r.listing_id = l.id AND r.status = 'open') AS open_reports,
  l.moderation_reason, l.created_at, l.updated_at`;

const FROM = `FROM listings l JOIN users u ON u.id = l.host_id LEFT JOIN listing_photos c ON c.listing_id = l.id AND c.is_cover`;


function where(q: AdminListingsQuery) {
  const conds: string[] = [];
  const params: unknown[] = [];
  // deleted listings only when asked for by name
  if (q.status) {
    params.push(q.status);
    conds.push(`l.status = $${params.length}`);
  } else conds.push(`l.status <> 'deleted'`);
  if (q.reported === '1') conds.push(`EXISTS (SELECT 1 FROM listing_reports r WHERE r.listing_id = l.id AND r.status = 'open')`);
  if (q.q) {
    params.push(containsPattern(q.q));
    const p = `$${params.length}`;
    conds.push(`(l.title ILIKE ${p} OR l.address_line1 ILIKE ${p} OR l.locality ILIKE ${p} OR l.city ILIKE ${p} OR l.postal_code ILIKE ${p}
                 OR u.name ILIKE ${p} OR u.email ILIKE ${p})`);
  }
  return { sql: conds.join(' AND '), params };
}

/** The console's listing search: those with open reports first, then the most recently changed. */
export async function searchListings(db: Queryable, q: AdminListingsQuery) {
  const w = where(q);
  const offset = (q.page - 1) * ADMIN_PAGE_SIZE;
  const rows = await db.query<AdminListingRowDb>(
    `SELECT * FROM (SELECT ${ROW_COLUMNS} ${FROM} WHERE ${w.sql}) s
      ORDER BY (s.open_reports > 0) DESC, s.updated_at DESC, s.id
      LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${offset}`,
    w.params,
  );
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM listings l JOIN users u ON u.id = l.host_id WHERE ${w.sql}`, w.params);
  return { rows, total: count?.n ?? 0 };
}

export interface AdminListingDetailDb extends AdminListingRowDb {
  description: string | null;
  address_line1: string | null;
  state: string | null;
  postal_code: string | null;
  country: string;
  capacity: number;
  hourly_rate: number | null;
  daily_rate: number | null;
  currency: string;
  status_before_suspension: ListingStatus | null;
  suspended_with_account: boolean;
  published_at: Date | string | null;
  host_phone: string | null;
  host_id_status: 'none' | 'pending' | 'approved' | 'rejected';
  host_suspended: boolean;
}

export function findListing(db: Queryable, id: string, opts: { lock?: boolean } = {}) {
  return one<AdminListingDetailDb>(
    db,
    `SELECT ${ROW_COLUMNS}, l.description, l.address_line1, l.state, l.postal_code, l.country, l.capacity, l.hourly_rate, l.daily_rate,
            l.currency, l.status_before_suspension, l.suspended_with_account, l.published_at,
            u.phone AS host_phone, u.id_verification_status AS host_id_status, (u.suspended_at IS NOT NULL) AS host_suspended
       ${FROM} WHERE l.id = $1${opts.lock ? ' FOR UPDATE OF l' : ''}`,
    [id],
  );
}

export interface ReportRow {
  id: string;
  listing_id: string;
  reason: string;
  status: 'open' | 'resolved';
  reporter_id: string | null;
  reporter_name: string | null;
  reporter_email: string | null;
  created_at: Date | string;
  resolved_at: Date | string | null;
}

const REPORT_COLUMNS = `r.id, r.listing_id, r.reason, r.status, r.reporter_id, u.name AS reporter_name, u.email AS reporter_email, r.created_at, r.resolved_at`;

export function findOpenReports(db: Queryable, listingId: string) {
  return db.query<ReportRow>(
    `SELECT ${REPORT_COLUMNS} FROM listing_reports r LEFT JOIN users u ON u.id = r.reporter_id
      WHERE r.listing_id = $1 AND r.status = 'open' ORDER BY r.created_at, r.id LIMIT 200`,
    [listingId],
  );
}

export function findReport(db: Queryable, id: string) {
  return one<ReportRow>(db, `SELECT ${REPORT_COLUMNS} FROM listing_reports r LEFT JOIN users u ON u.id = r.reporter_id WHERE r.id = $1`, [id]);
}

export async function resolveReport(db: Queryable, id: string, adminId: string) {
  await db.query(`UPDATE listing_reports SET status = 'resolved', resolved_by = $2, resolved_at = now() WHERE id = $1 AND status = 'open'`, [id, adminId]);
}

/** Takes the listing down, keeping the status to go back to (an account's suspension becomes the admin's own). */
export async function markSuspended(db: Queryable, id: string, statusBefore: ListingStatus, reason: string) {
  await db.query(
    `UPDATE listings SET status = 'suspended', status_before_suspension = $2, moderation_reason = $3, suspended_with_account = false, updated_at = now()
      WHERE id = $1`,
    [id, statusBefore, reason],
  );
}

export async function markReinstated(db: Queryable, id: string) {
  await db.query(
    `UPDATE listings SET status = status_before_suspension, status_before_suspension = NULL, moderation_reason = NULL, suspended_with_account = false,
            updated_at = now()
      WHERE id = $1 AND status = 'suspended'`,
    [id],
  );
}

/** The decision on a listing in review: live (published now) or refused with a reason. */
export async function markReviewed(db: Queryable, id: string, decision: { status: 'active' } | { status: 'rejected'; reason: string }) {
  await db.query(
    `UPDATE listings SET status = $2, moderation_reason = $3, updated_at = now(),
            published_at = CASE WHEN $2 = 'active' THEN COALESCE(published_at, now()) ELSE published_at END
      WHERE id = $1`,
    [id, decision.status, decision.status === 'rejected' ? decision.reason : null],
  );
}
