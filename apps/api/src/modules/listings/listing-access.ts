import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { ListingRow } from './listing-row';
import { findLiveListing } from './listings.repository';

export { isUuid } from '../../lib/ids';
import { isUuid } from '../../lib/ids';

export const listingNotFound = () => new AppError('NOT_FOUND', 'Listing not found');

/** Who calls; `ip` is what an admin's audit entry records (listingActor in listing-audit.ts). */
export type Actor = Pick<AuthUser, 'id' | 'role'> & { ip?: string | null };

/**
 * The listing, if the actor is its host or an admin (whose changes are audited: listing-audit.ts). Anyone else is told it does not exist, so a
 * host cannot probe other hosts' drafts. `lock` holds the row for the rest of the transaction.
 */
export async function ownedListing(db: Queryable, actor: Actor, id: string, opts: { lock?: boolean } = {}): Promise<ListingRow> {
  if (!isUuid(id)) throw listingNotFound();
  const listing = await findLiveListing(db, id, opts);
  if (!listing || (listing.host_id !== actor.id && actor.role !== 'admin')) throw listingNotFound();
  return listing;
}
