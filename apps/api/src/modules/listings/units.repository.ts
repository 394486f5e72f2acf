import { one, type Queryable } from '../../db/database';
import { bookingEndSql, holdsUnitSql } from '../bookings/unit-availability';

export interface UnitRow {
  id: string;
  label: string;
  created_at: Date | string;
}

/** The listing's live units in the order they were added. */
export function findUnits(db: Queryable, listingId: string) {
  return db.query<UnitRow>(
    `SELECT id, label, created_at FROM listing_units WHERE listing_id = $1 AND removed_at IS NULL ORDER BY created_at, id`,
    [listingId],
  );
}

export function findUnit(db: Queryable, listingId: string, unitId: string) {
  return one<UnitRow>(
    db,
    `SELECT id, label, created_at FROM listing_units WHERE listing_id = $1 AND id = $2 AND removed_at IS NULL`,
    [listingId, unitId],
  );
}

export function insertUnits(db: Queryable, listingId: string, labels: string[]) {
  // now() is the same for a whole transaction: a microsecond apart keeps the units in the order given
  return db.query<UnitRow>(
    `INSERT INTO listing_units (listing_id, label, created_at)
     SELECT $1, l.label, now() + l.ord * interval '1 microsecond' FROM unnest($2::text[]) WITH ORDINALITY AS l(label, ord)
     RETURNING id, label, created_at`,
    [listingId, labels],
  );
}

/** Up to `count` live units with no upcoming booking, the most recently added first. */
export async function findFreeUnits(db: Queryable, listingId: string, count: number) {
  const rows = await db.query<{ id: string }>(
    `SELECT u.id FROM listing_units u
      WHERE u.listing_id = $1 AND u.removed_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.unit_id = u.id AND upper(b.during) > now() AND ${holdsUnitSql('b')})
      ORDER BY u.created_at DESC, u.id DESC
      LIMIT $2`,
    [listingId, count],
  );
  return rows.map((r) => r.id);
}

export async function unitHasUpcomingBookings(db: Queryable, unitId: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM bookings b WHERE b.unit_id = $1 AND upper(b.during) > now() AND ${holdsUnitSql('b')} LIMIT 1`,
    [unitId],
  );
  return rows.length > 0;
}

/** Riders holding a two-wheeler bay of the listing from bay `fromBay` (counted from 0) up, in bookings that have not ended. */
export interface BaysInUse {
  riders: number;
  /** the last of their ends (a rolling monthly pass counts the end of its month paid for: `rolling` says so) */
  last_end: Date | null;
  /** one of them is a monthly pass with no end yet */
  rolling: boolean;
  /** how many bays a unit needs for all of them: the highest bay held, plus one */
  needed: number;
}

export async function findBaysInUse(db: Queryable, listingId: string, fromBay: number): Promise<BaysInUse> {
  const row = await one<BaysInUse>(
    db,
    `SELECT count(*)::int AS riders, max(${bookingEndSql('b')}) AS last_end,
            COALESCE(bool_or(b.plan = 'monthly' AND b.ends_at IS NULL), false) AS rolling, COALESCE(max(upper(b.bays)), 0)::int AS needed
       FROM bookings b
      WHERE b.listing_id = $1 AND upper(b.bays) - lower(b.bays) = 1 AND lower(b.bays) >= $2
        AND upper(b.during) > now() AND ${holdsUnitSql('b')}`,
    [listingId, fromBay],
  );
  return row ?? { riders: 0, last_end: null, rolling: false, needed: 0 };
}

export async function removeUnits(db: Queryable, listingId: string, unitIds: string[]) {
  await db.query(`UPDATE listing_units SET removed_at = now() WHERE listing_id = $1 AND id = ANY($2::uuid[])`, [listingId, unitIds]);
}

/** Sets the listing's capacity to its number of live units, the invariant DESIGN section 3 asks for. */
export async function syncCapacity(db: Queryable, listingId: string): Promise<number> {
  const row = await one<{ capacity: number }>(
    db,
    `UPDATE listings SET capacity = (SELECT count(*) FROM listing_units WHERE listing_id = $1 AND removed_at IS NULL), updated_at = now()
      WHERE id = $1 RETURNING capacity`,
    [listingId],
  );
  return row?.capacity ?? 0;
}
