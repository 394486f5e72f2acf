import type { Database, Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { ownedListing, type Actor } from './listing-access';
import { auditAdminChange } from './listing-audit';
import type { UrlOf } from './listing-dto';
import { countPhotos } from './listing-photos.repository';
import type { ListingRow } from './listing-row';
import { setStatus } from './listings.repository';
import { loadManaged } from './listings.service';
import { missingForPublish, missingMessage } from './publish-check';

async function assertComplete(tx: Queryable, listing: ListingRow, prefix: string) {
  const missing = missingForPublish(listing, await countPhotos(tx, listing.id));
  if (Object.keys(missing).length) throw new AppError('VALIDATION', missingMessage(missing, prefix), { errors: missing });
}

const auditStatus = (tx: Queryable, actor: Actor, listing: ListingRow, action: 'publish' | 'pause' | 'resume', status: 'active' | 'paused') =>
  auditAdminChange(tx, actor, listing, { action: `listing.${action}`, before: { status: listing.status }, after: { status } });

/** Puts a complete listing live (draft or paused -> active); publishing a live one changes nothing. */
export async function publishListing(db: Database, urlOf: UrlOf, actor: Actor, listingId: string) {
  await db.transaction(async (tx) => {
    const listing = await ownedListing(tx, actor, listingId, { lock: true });
    if (listing.status === 'active') return;
    if (listing.status === 'pending_review') throw new AppError('CONFLICT', 'This listing is waiting for review by our team.');
    if (listing.status === 'suspended') throw new AppError('CONFLICT', 'Parkly has taken this listing down. Please contact support about it.');
    if (listing.status === 'rejected') {
      throw new AppError('CONFLICT', 'This listing was not approved. Please contact support to have it reviewed again.');
    }
    await assertComplete(tx, listing, 'Before publishing');
    await setStatus(tx, listingId, 'active');
    await auditStatus(tx, actor, listing, 'publish', 'active');
  });
  return loadManaged(db, urlOf, listingId);
}

export async function pauseListing(db: Database, urlOf: UrlOf, actor: Actor, listingId: string) {
  await db.transaction(async (tx) => {
    const listing = await ownedListing(tx, actor, listingId, { lock: true });
    if (listing.status !== 'active') throw new AppError('CONFLICT', 'Only a live listing can be paused.');
    await setStatus(tx, listingId, 'paused');
    await auditStatus(tx, actor, listing, 'pause', 'paused');
  });
  return loadManaged(db, urlOf, listingId);
}

export async function resumeListing(db: Database, urlOf: UrlOf, actor: Actor, listingId: string) {
  await db.transaction(async (tx) => {
    const listing = await ownedListing(tx, actor, listingId, { lock: true });
    if (listing.status !== 'paused') throw new AppError('CONFLICT', 'Only a paused listing can be resumed.');
    await assertComplete(tx, listing, 'Before resuming');
    await setStatus(tx, listingId, 'active');
    await auditStatus(tx, actor, listing, 'resume', 'active');
  });
  return loadManaged(db, urlOf, listingId);
}
