import type { AdminListingDetail, AdminListingReport, AdminListingRow, AdminListingsQuery } from '@parkly/shared/admin-listings';
import { ADMIN_PAGE_SIZE } from '@parkly/shared/admin';
import type { ParkingType } from '@parkly/shared/catalog';
import type { Database, Queryable } from '../../../db/database';
import { AppError, notFound } from '../../../lib/app-error';
import { isUuid } from '../../../lib/ids';
import type { UrlOf } from '../../../plugins/storage';
import { findPhotos } from '../../listings/listing-photos.repository';
import { recordAdminAction, type AdminActor } from '../admin-audit';
import * as repo from './admin-listings.repository';
import { notifyHost } from './listing-notices';

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));
const listingNotFound = () => notFound('Listing not found');

function toRow(r: repo.AdminListingRowDb, urlOf: UrlOf): AdminListingRow {
  return {
    id: r.id,
    title: r.title,
    status: r.status,
    parking_type: r.parking_type as ParkingType | null,
    locality: r.locality,
    city: r.city,
    cover_thumb_url: r.cover_thumb_key ? urlOf(r.cover_thumb_key) : null,
    host: { id: r.host_id, name: r.host_name, email: r.host_email },
    open_reports: r.open_reports,
    moderation_reason: r.moderation_reason,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export const toReport = (r: repo.ReportRow): AdminListingReport => ({
  id: r.id,
  reason: r.reason,
  status: r.status,
  reporter: r.reporter_id && r.reporter_name !== null ? { id: r.reporter_id, name: r.reporter_name, email: r.reporter_email ?? '' } : null,
  created_at: iso(r.created_at),
  resolved_at: isoOrNull(r.resolved_at),
});

export async function searchListings(db: Queryable, urlOf: UrlOf, q: AdminListingsQuery) {
  const { rows, total } = await repo.searchListings(db, q);
  return { result: rows.map((r) => toRow(r, urlOf)), page: { page: q.page, page_size: ADMIN_PAGE_SIZE, total } };
}

async function load(db: Queryable, id: string, opts: { lock?: boolean } = {}) {
  const row = isUuid(id) ? await repo.findListing(db, id, opts) : undefined;
  if (!row) throw listingNotFound();
  return row;
}

/** One listing as the console shows it: the full address, photos, the host and the open reports. */
export async function listingDetail(db: Queryable, urlOf: UrlOf, id: string): Promise<AdminListingDetail> {
  const row = await load(db, id);
  const [photos, reports] = await Promise.all([findPhotos(db, id), repo.findOpenReports(db, id)]);
  const base = toRow(row, urlOf);
  return {
    ...base,
    description: row.description,
    address: { line1: row.address_line1, locality: row.locality, city: row.city, state: row.state, postal_code: row.postal_code, country: row.country },
    capacity: row.capacity,
    hourly_rate: row.hourly_rate,
    daily_rate: row.daily_rate,
    currency: row.currency,
    status_before_suspension: row.status_before_suspension,
    suspended_with_account: row.suspended_with_account,
    published_at: isoOrNull(row.published_at),
    photos: photos.map((p) => ({ id: p.id, thumb_url: urlOf(p.thumb_key), url: urlOf(p.large_key) })),
    host: { ...base.host, phone: row.host_phone, id_verification_status: row.host_id_status, suspended: row.host_suspended },
    reports: reports.map(toReport),
  };
}

export interface ModerationDeps {
  db: Database;
  urlOf: UrlOf;
  publicUrl: string;
}

type Moderation =
  | { action: 'suspend'; reason: string }
  | { action: 'reinstate' }
  | { action: 'approve' }
  | { action: 'reject'; reason: string };

const auditState = (r: repo.AdminListingDetailDb) => ({ status: r.status, status_before_suspension: r.status_before_suspension, moderation_reason: r.moderation_reason });

/** Checks the move is allowed from the listing's status and makes it; answers false when it changes nothing. */
async function apply(tx: Queryable, row: repo.AdminListingDetailDb, m: Moderation): Promise<boolean> {
  switch (m.action) {
    case 'suspend':
      if (row.status === 'deleted') throw new AppError('CONFLICT', 'This listing was deleted by its host.');
      if (row.status === 'suspended' && !row.suspended_with_account) throw new AppError('CONFLICT', 'This listing is already suspended.');
      await repo.markSuspended(tx, row.id, row.status_before_suspension ?? row.status, m.reason);
      return true;
    case 'reinstate':
      if (row.status !== 'suspended') throw new AppError('CONFLICT', 'Only a suspended listing can be reinstated.');
      if (row.host_suspended) throw new AppError('CONFLICT', "The host's account is suspended: reinstate the account to bring its listings back.");
      await repo.markReinstated(tx, row.id);
      return true;
    case 'approve':
    case 'reject': {
      const target = m.action === 'approve' ? 'active' : 'rejected';
      if (row.status === target && m.action === 'approve') return false;
      if (row.status !== 'pending_review') throw new AppError('CONFLICT', 'Only a listing waiting for review can be approved or rejected.');
      await repo.markReviewed(tx, row.id, m.action === 'approve' ? { status: 'active' } : { status: 'rejected', reason: m.reason });
      return true;
    }
  }
}

/**
 * Suspends, reinstates, approves or rejects a listing, with the audit entry and the host's notice in
 * the same transaction. A suspended listing leaves search at once: search reads status 'active' only.
 */
export async function moderateListing(deps: ModerationDeps, actor: AdminActor, id: string, m: Moderation) {
  await deps.db.transaction(async (tx) => {
    const before = await load(tx, id, { lock: true });
    if (!(await apply(tx, before, m))) return;
    const after = (await repo.findListing(tx, id))!;
    await recordAdminAction(tx, actor, {
      action: `listing.${m.action}`,
      subjectType: 'listing',
      subjectId: id,
      before: auditState(before),
      after: auditState(after),
      ...('reason' in m && { reason: m.reason }),
    });
    await notifyHost(tx, deps.publicUrl, after, m);
  });
  return listingDetail(deps.db, deps.urlOf, id);
}

/** Marks an open report dealt with; resolving it again changes nothing. */
export async function resolveListingReport(db: Database, actor: AdminActor, id: string) {
  return db.transaction(async (tx) => {
    const report = isUuid(id) ? await repo.findReport(tx, id) : undefined;
    if (!report) throw notFound('Report not found');
    if (report.status === 'open') {
      await repo.resolveReport(tx, id, actor.id);
      await recordAdminAction(tx, actor, {
        action: 'listing_report.resolve',
        subjectType: 'listing',
        subjectId: report.listing_id,
        before: { report_id: id, status: 'open' },
        after: { report_id: id, status: 'resolved' },
      });
    }
    return toReport((await repo.findReport(tx, id))!);
  });
}
