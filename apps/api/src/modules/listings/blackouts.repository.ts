import { one, type Queryable } from '../../db/database';

export interface BlackoutRow {
  id: string;
  starts_at: Date | string;
  ends_at: Date | string;
  reason: string | null;
  created_at: Date | string;
}

const BLACKOUT_COLUMNS = 'id, lower(during) AS starts_at, upper(during) AS ends_at, reason, created_at';

/** Blocked periods that have not ended yet, soonest first. */
export function findBlackouts(db: Queryable, listingId: string) {
  return db.query<BlackoutRow>(
    `SELECT ${BLACKOUT_COLUMNS} FROM listing_blackouts WHERE listing_id = $1 AND upper(during) > now() ORDER BY lower(during), id`,
    [listingId],
  );
}

export async function countBlackouts(db: Queryable, listingId: string): Promise<number> {
  const row = await one<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM listing_blackouts WHERE listing_id = $1 AND upper(during) > now()`,
    [listingId],
  );
  return row?.n ?? 0;
}

export function insertBlackout(db: Queryable, listingId: string, b: { start: string; end: string; reason: string | null }) {
  return one<BlackoutRow>(
    db,
    `INSERT INTO listing_blackouts (listing_id, during, reason) VALUES ($1, tstzrange($2::timestamptz, $3::timestamptz), $4)
     RETURNING ${BLACKOUT_COLUMNS}`,
    [listingId, b.start, b.end, b.reason],
  ) as Promise<BlackoutRow>;
}

export function deleteBlackout(db: Queryable, listingId: string, blackoutId: string) {
  return one<BlackoutRow>(db, `DELETE FROM listing_blackouts WHERE listing_id = $1 AND id = $2 RETURNING ${BLACKOUT_COLUMNS}`, [listingId, blackoutId]);
}
