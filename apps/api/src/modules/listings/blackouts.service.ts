import type { ListingBlackout } from '@parkly/shared/listings';
import type { Database, Queryable } from '../../db/database';
import { AppError, badRequest } from '../../lib/app-error';
import { toBlackout } from './listing-dto';
import { isUuid, ownedListing, type Actor } from './listing-access';
import { auditAdminChange } from './listing-audit';
import { countBlackouts, deleteBlackout, findBlackouts, insertBlackout } from './blackouts.repository';

const MAX_BLACKOUTS = 200;
const auditedBlackout = (b: ListingBlackout) => ({ id: b.id, start: b.start, end: b.end, reason: b.reason });
/** Hosts plan ahead, but not decades: this also keeps dates well inside what the database stores. */
const MAX_AHEAD_MS = 3 * 365 * 86_400_000;

export async function listBlackouts(db: Queryable, actor: Actor, listingId: string) {
  await ownedListing(db, actor, listingId);
  return (await findBlackouts(db, listingId)).map(toBlackout);
}

export async function addBlackout(db: Database, actor: Actor, listingId: string, input: { start: string; end: string; reason?: string }) {
  const start = new Date(input.start);
  const end = new Date(input.end);
  if (end.getTime() <= Date.now()) throw badRequest('The blocked period has already ended', { end: 'The end must be in the future' });
  if (start.getTime() > Date.now() + MAX_AHEAD_MS) {
    throw badRequest('Block dates at most 3 years ahead', { start: 'The start must be within the next 3 years' });
  }
  return db.transaction(async (tx) => {
    const listing = await ownedListing(tx, actor, listingId, { lock: true });
    if ((await countBlackouts(tx, listingId)) >= MAX_BLACKOUTS) {
      throw new AppError('CONFLICT', `A listing can have at most ${MAX_BLACKOUTS} blocked periods. Remove some first.`);
    }
    const blackout = toBlackout(await insertBlackout(tx, listingId, { start: start.toISOString(), end: end.toISOString(), reason: input.reason || null }));
    await auditAdminChange(tx, actor, listing, { action: 'listing_blackout.add', after: auditedBlackout(blackout) });
    return blackout;
  });
}

export async function removeBlackout(db: Database, actor: Actor, listingId: string, blackoutId: string) {
  return db.transaction(async (tx) => {
    const listing = await ownedListing(tx, actor, listingId, { lock: true });
    const removed = isUuid(blackoutId) ? await deleteBlackout(tx, listingId, blackoutId) : undefined;
    if (!removed) throw new AppError('NOT_FOUND', 'Blocked period not found');
    await auditAdminChange(tx, actor, listing, { action: 'listing_blackout.remove', before: auditedBlackout(toBlackout(removed)) });
    return (await findBlackouts(tx, listingId)).map(toBlackout);
  });
}
