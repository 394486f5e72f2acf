import { one, type Queryable } from '../../db/database';
import { publicListingSql } from './listing-card';

export interface OpenReportRow {
  id: string;
  status: 'open' | 'resolved';
  created_at: Date | string;
}

/** The listing as the public may see it (the only ones a visitor can report), with its host. */
export function findReportableListing(db: Queryable, id: string) {
  return one<{ id: string; host_id: string }>(db, `SELECT l.id, l.host_id FROM listings l JOIN users u ON u.id = l.host_id WHERE l.id = $1 AND ${publicListingSql()}`, [id]);
}

/**
 * Files the report, or answers nothing when the user already has one open on this listing (the
 * unique index on open reports decides, so two reports sent at once make one).
 */
export function insertReport(db: Queryable, listingId: string, reporterId: string, reason: string) {
  return one<OpenReportRow>(
    db,
    `INSERT INTO listing_reports (listing_id, reporter_id, reason) VALUES ($1, $2, $3)
     ON CONFLICT (listing_id, reporter_id) WHERE status = 'open' DO NOTHING
     RETURNING id, status, created_at`,
    [listingId, reporterId, reason],
  );
}

export function findOpenReportOf(db: Queryable, listingId: string, reporterId: string) {
  return one<OpenReportRow>(
    db,
    `SELECT id, status, created_at FROM listing_reports WHERE listing_id = $1 AND reporter_id = $2 AND status = 'open'`,
    [listingId, reporterId],
  );
}
