import type { ListingReportInput } from '@parkly/shared/admin-listings';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid, listingNotFound, type Actor } from './listing-access';
import * as reports from './listing-reports.repository';

const toAnswer = (r: reports.OpenReportRow) => ({ id: r.id, status: r.status, created_at: new Date(r.created_at).toISOString() });

/**
 * A signed-in visitor reports a listing they can see; the console's listing moderation works through
 * the open reports. One open report per person and listing: sending it again answers the one on file.
 */
export async function reportListing(db: Database, actor: Actor, listingId: string, input: ListingReportInput) {
  return db.transaction(async (tx) => {
    const listing = isUuid(listingId) ? await reports.findReportableListing(tx, listingId) : undefined;
    if (!listing) throw listingNotFound();
    if (listing.host_id === actor.id) throw new AppError('CONFLICT', 'You cannot report your own listing.');
    const created = await reports.insertReport(tx, listingId, actor.id, input.reason);
    if (created) return { created: true, result: toAnswer(created) };
    const existing = await reports.findOpenReportOf(tx, listingId, actor.id);
    return { created: false, result: toAnswer(existing!) };
  });
}
