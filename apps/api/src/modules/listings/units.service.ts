import { LISTING_LIMITS } from '@parkly/shared/listing-options';
import { formatDateTime, zoneAbbreviation } from '@parkly/shared/time';
import type { Database, Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { toUnit } from './listing-dto';
import { isUuid, ownedListing, type Actor } from './listing-access';
import { auditAdminChange } from './listing-audit';
import { findBaysInUse, findFreeUnits, findUnit, findUnits, insertUnits, removeUnits, syncCapacity, unitHasUpcomingBookings } from './units.repository';

/** 'Space 1', 'Space 2', …: the lowest numbers not already used by a live unit. */
export function nextUnitLabels(taken: string[], count: number): string[] {
  const used = new Set(taken.map((l) => l.toLowerCase()));
  const labels: string[] = [];
  for (let n = 1; labels.length < count; n++) {
    const label = `Space ${n}`;
    if (!used.has(label.toLowerCase())) labels.push(label);
  }
  return labels;
}

/**
 * Brings the live units to `target`, adding numbered spaces or removing the newest free ones. A
 * unit with an upcoming booking is never removed: if too few are free, nothing changes (409).
 */
export async function resizeUnits(tx: Queryable, listingId: string, target: number) {
  const units = await findUnits(tx, listingId);
  if (target > units.length) {
    await insertUnits(tx, listingId, nextUnitLabels(units.map((u) => u.label), target - units.length));
  } else if (target < units.length) {
    const excess = units.length - target;
    const free = await findFreeUnits(tx, listingId, excess);
    if (free.length < excess) {
      const lowest = units.length - free.length;
      const message = `Some spaces have upcoming bookings, so the capacity can go down to ${lowest} at the lowest.`;
      throw new AppError('CONFLICT', message, { errors: { capacity: message } });
    }
    await removeUnits(tx, listingId, free);
  }
  await syncCapacity(tx, listingId);
}

/**
 * Fewer two-wheelers per unit (decision 040): refused while riders hold a bay the new number would take away, in
 * a booking or a monthly pass that has not ended, with how many, until when, and the lowest number that keeps
 * them (409, on the field). The listing is locked by the caller, so no rider takes such a bay meanwhile.
 */
export async function checkTwoWheelerBays(tx: Queryable, listing: { id: string; time_zone: string }, target: number) {
  const used = await findBaysInUse(tx, listing.id, target);
  if (used.riders === 0) return;
  const tz = listing.time_zone;
  const one = used.riders === 1;
  const who = one ? 'A rider holds a two-wheeler place' : `${used.riders} riders hold two-wheeler places`;
  const until = used.rolling
    ? `${one ? '' : ', one or more of them'} with a monthly pass that runs until notice is given`
    : ` until ${formatDateTime(used.last_end!, tz)} ${zoneAbbreviation(tz, new Date(used.last_end!))}`;
  const message = `${who} beyond ${target} per space${until}. Until ${one ? 'it ends' : 'they end'}, this can go down to ${used.needed} at the lowest.`;
  throw new AppError('CONFLICT', message, { errors: { two_wheelers_per_unit: message } });
}

export async function listUnits(db: Queryable, actor: Actor, listingId: string) {
  await ownedListing(db, actor, listingId);
  return (await findUnits(db, listingId)).map(toUnit);
}

export async function addUnit(db: Database, actor: Actor, listingId: string, label: string) {
  return db.transaction(async (tx) => {
    const listing = await ownedListing(tx, actor, listingId, { lock: true });
    const units = await findUnits(tx, listingId);
    if (units.length >= LISTING_LIMITS.capacityMax) {
      throw new AppError('CONFLICT', `A listing can have at most ${LISTING_LIMITS.capacityMax} spaces.`);
    }
    if (units.some((u) => u.label.toLowerCase() === label.toLowerCase())) {
      throw new AppError('CONFLICT', 'A space with this label already exists.', { errors: { label: 'A space with this label already exists.' } });
    }
    const [unit] = await insertUnits(tx, listingId, [label]);
    await syncCapacity(tx, listingId);
    await auditAdminChange(tx, actor, listing, { action: 'listing_unit.add', before: { capacity: units.length }, after: { capacity: units.length + 1, unit: { id: unit!.id, label: unit!.label } } });
    return toUnit(unit!);
  });
}

export async function removeUnit(db: Database, actor: Actor, listingId: string, unitId: string) {
  return db.transaction(async (tx) => {
    const listing = await ownedListing(tx, actor, listingId, { lock: true });
    const unit = isUuid(unitId) ? await findUnit(tx, listingId, unitId) : undefined;
    if (!unit) throw new AppError('NOT_FOUND', 'Space not found');
    const units = await findUnits(tx, listingId);
    if (units.length <= 1) throw new AppError('CONFLICT', 'A listing needs at least one space.');
    if (await unitHasUpcomingBookings(tx, unitId)) {
      throw new AppError('CONFLICT', 'This space has upcoming bookings. It can be removed once they have ended or been cancelled.');
    }
    await removeUnits(tx, listingId, [unitId]);
    await syncCapacity(tx, listingId);
    await auditAdminChange(tx, actor, listing, { action: 'listing_unit.remove', before: { capacity: units.length, unit: { id: unit.id, label: unit.label } }, after: { capacity: units.length - 1 } });
    return (await findUnits(tx, listingId)).map(toUnit);
  });
}
