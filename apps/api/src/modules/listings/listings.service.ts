import type { ListingFields } from '@parkly/shared/listings';
import type { Database, Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findBlackouts } from './blackouts.repository';
import { isUuid, listingNotFound, ownedListing, type Actor } from './listing-access';
import { auditAdminChange, changedColumns } from './listing-audit';
import { toManaged, toPublic, toSummary, type UrlOf } from './listing-dto';
import { countPhotos, findPhotos } from './listing-photos.repository';
import { toChanges, type ListingChanges, type ListingRow } from './listing-row';
import * as listings from './listings.repository';
import { missingForPublish, missingMessage } from './publish-check';
import { findUnits, insertUnits } from './units.repository';
import { checkTwoWheelerBays, nextUnitLabels, resizeUnits } from './units.service';

/** Everything the host sees about one listing. */
export async function loadManaged(db: Queryable, urlOf: UrlOf, listingId: string) {
  const row = await listings.findLiveListing(db, listingId);
  if (!row) throw listingNotFound();
  const photos = await findPhotos(db, listingId);
  const units = await findUnits(db, listingId);
  const blackouts = await findBlackouts(db, listingId);
  return toManaged(row, { photos, units, blackouts }, urlOf);
}

const EV_WITHOUT_CHARGER = 'Add the EV charging amenity to describe a charger';

type RuleFields = 'amenities' | 'ev_connector' | 'ev_power_kw' | 'min_duration_minutes' | 'max_duration_minutes';

/**
 * Rules that span fields, checked on the listing as it would be after the change: the charger
 * details belong to the EV amenity (and are cleared when it goes), and the minimum stay fits the
 * maximum. Adds the clearing to `changes`.
 */
function settleFieldRules(current: Pick<ListingRow, RuleFields>, changes: ListingChanges) {
  const amenities = changes.amenities ?? current.amenities;
  if (!amenities.includes('ev_charging')) {
    const errors: Record<string, string> = {};
    if (changes.ev_connector) errors.ev_connector = EV_WITHOUT_CHARGER;
    if (changes.ev_power_kw) errors.ev_power_kw = EV_WITHOUT_CHARGER;
    if (Object.keys(errors).length) throw new AppError('VALIDATION', EV_WITHOUT_CHARGER, { errors });
    if (current.ev_connector !== null || current.ev_power_kw !== null) {
      changes.ev_connector = null;
      changes.ev_power_kw = null;
    }
  }
  const min = changes.min_duration_minutes !== undefined ? changes.min_duration_minutes : current.min_duration_minutes;
  const max = changes.max_duration_minutes !== undefined ? changes.max_duration_minutes : current.max_duration_minutes;
  if (min !== null && max !== null && min > max) {
    const message = 'The maximum stay must not be shorter than the minimum stay';
    throw new AppError('VALIDATION', message, { errors: { max_duration_minutes: message } });
  }
}

/** Starts a draft. Only hosts list spaces; the wizard may send as little as the parking type. */
export async function createListing(db: Database, urlOf: UrlOf, actor: Actor, input: ListingFields, currency: string) {
  if (!(await listings.isHost(db, actor.id))) throw new AppError('FORBIDDEN', 'Become a host to list a space');
  const changes = toChanges(input);
  settleFieldRules({ amenities: [], ev_connector: null, ev_power_kw: null, min_duration_minutes: null, max_duration_minutes: null }, changes);
  const capacity = changes.capacity ?? 1;
  const id = await db.transaction(async (tx) => {
    const listingId = await listings.insertListing(tx, actor.id, currency, { ...changes, capacity });
    await insertUnits(tx, listingId, nextUnitLabels([], capacity));
    return listingId;
  });
  return loadManaged(db, urlOf, id);
}

/** Saves what was sent. A listing guests can see must stay complete, so such a change is refused whole. */
export async function updateListing(db: Database, urlOf: UrlOf, actor: Actor, listingId: string, input: ListingFields) {
  await db.transaction(async (tx) => {
    const current = await ownedListing(tx, actor, listingId, { lock: true });
    const changes = toChanges(input);
    settleFieldRules(current, changes);
    if (current.status === 'active' || current.status === 'paused') {
      const missing = missingForPublish({ ...current, ...changes }, await countPhotos(tx, listingId));
      if (Object.keys(missing).length) {
        throw new AppError('VALIDATION', missingMessage(missing, 'A listed space must stay complete'), { errors: missing });
      }
    }
    if (changes.capacity !== undefined && changes.capacity !== current.capacity) await resizeUnits(tx, listingId, changes.capacity);
    const perUnit = changes.two_wheelers_per_unit;
    if (typeof perUnit === 'number' && perUnit < current.two_wheelers_per_unit) await checkTwoWheelerBays(tx, current, perUnit);
    await listings.updateListing(tx, listingId, changes);
    const diff = changedColumns(current, (await listings.findLiveListing(tx, listingId))!, Object.keys(changes));
    if (diff) await auditAdminChange(tx, actor, current, { action: 'listing.update', ...diff });
  });
  return loadManaged(db, urlOf, listingId);
}

/** Soft delete: the row stays for past bookings. Refused while a guest still holds a booking. */
export async function deleteListing(db: Database, actor: Actor, listingId: string) {
  return db.transaction(async (tx) => {
    const listing = await ownedListing(tx, actor, listingId, { lock: true });
    const upcoming = await listings.countUpcomingBookings(tx, listingId);
    if (upcoming > 0) {
      const what = upcoming === 1 ? '1 upcoming booking' : `${upcoming} upcoming bookings`;
      throw new AppError('CONFLICT', `This listing has ${what}. Cancel them or wait until they have ended before deleting it.`);
    }
    await listings.markDeleted(tx, listingId);
    await auditAdminChange(tx, actor, listing, { action: 'listing.delete', before: { status: listing.status }, after: { status: 'deleted' } });
    return { id: listingId, status: 'deleted' as const };
  });
}

export async function manageListing(db: Queryable, urlOf: UrlOf, actor: Actor, listingId: string) {
  await ownedListing(db, actor, listingId);
  return loadManaged(db, urlOf, listingId);
}

export async function hostListings(db: Queryable, urlOf: UrlOf, actor: Actor) {
  return (await listings.findHostListings(db, actor.id)).map((row) => toSummary(row, urlOf));
}

/** The public page: live and paused listings only; anything else does not exist for the public. */
export async function publicListing(db: Queryable, urlOf: UrlOf, listingId: string, viewerId: string | null) {
  const row = isUuid(listingId) ? await listings.findPublicListing(db, listingId) : undefined;
  if (!row) throw listingNotFound();
  return toPublic(row, await findPhotos(db, listingId, 'cover-first'), urlOf, viewerId);
}
