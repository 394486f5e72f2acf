import type { PromoKind } from '@parkly/shared/promo-codes';
import { one, type Queryable } from '../../db/database';
import { holdsUnitSql } from '../bookings/unit-availability';

export interface PromoCodeRow {
  id: string;
  code: string;
  kind: PromoKind;
  value: number;
  currency: string;
  max_uses: number | null;
  max_per_person: number | null;
  starts_at: Date | null;
  ends_at: Date | null;
  active: boolean;
  created_at: Date;
  uses: number;
}

/**
 * A use of a code counts while its booking holds its unit (an unpaid hold or a request in its time, or
 * confirmed), once it was completed, or if it was ever confirmed (cancelled after): a hold that lapsed, a
 * hold cancelled unpaid and a declined request give their use back (decision 036).
 */
export const countsSql = (r: string) => `EXISTS (
  SELECT 1 FROM bookings rb WHERE rb.id = ${r}.booking_id
     AND (${holdsUnitSql('rb')} OR rb.status = 'completed'
          OR EXISTS (SELECT 1 FROM booking_events re WHERE re.booking_id = rb.id AND re.to_status = 'confirmed')))`;

const COLUMNS = `p.id, p.code, p.kind, p.value, p.currency, p.max_uses, p.max_per_person, p.starts_at, p.ends_at, p.active, p.created_at,
  (SELECT count(*)::int FROM promo_redemptions r WHERE r.promo_code_id = p.id AND ${countsSql('r')}) AS uses`;

export function listPromoCodes(db: Queryable) {
  return db.query<PromoCodeRow>(`SELECT ${COLUMNS} FROM promo_codes p ORDER BY p.active DESC, p.created_at DESC, p.id LIMIT 500`);
}

/** A code by its id; `lock`: the admin's change of it waits for a booking counting its uses. */
export async function findPromoCodeById(db: Queryable, id: string, opts: { lock?: boolean } = {}): Promise<PromoCodeRow | undefined> {
  if (opts.lock && !(await one(db, `SELECT id FROM promo_codes WHERE id = $1 FOR UPDATE`, [id]))) return undefined;
  return one<PromoCodeRow>(db, `SELECT ${COLUMNS} FROM promo_codes p WHERE p.id = $1`, [id]);
}

/**
 * A code by what the driver typed (any case). `lock`: in the booking's transaction, the code's row is locked
 * first, in a statement of its own, and its uses counted after: the count's statement then sees the uses of a
 * booking it waited for (READ COMMITTED), so two bookings count them one after the other and the limits hold
 * under a race.
 */
export async function findPromoCode(db: Queryable, code: string, opts: { lock?: boolean } = {}) {
  if (opts.lock) {
    const locked = await one<{ id: string }>(db, `SELECT id FROM promo_codes WHERE upper(code) = upper($1) FOR UPDATE`, [code]);
    return locked && findPromoCodeById(db, locked.id);
  }
  return one<PromoCodeRow>(db, `SELECT ${COLUMNS} FROM promo_codes p WHERE upper(p.code) = upper($1)`, [code]);
}

/** The uses of a code by one driver that count. */
export async function countUsesBy(db: Queryable, promoCodeId: string, userId: string) {
  const row = await one<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM promo_redemptions r WHERE r.promo_code_id = $1 AND r.user_id = $2 AND ${countsSql('r')}`,
    [promoCodeId, userId],
  );
  return row?.n ?? 0;
}

export interface NewPromoCode {
  code: string;
  kind: PromoKind;
  value: number;
  currency: string;
  maxUses: number | null;
  maxPerPerson: number | null;
  startsAt: string | null;
  endsAt: string | null;
  createdBy: string;
}

/** Inserts a code; undefined when one of that name (any case) exists already. */
export async function insertPromoCode(db: Queryable, c: NewPromoCode) {
  const row = await one<{ id: string }>(
    db,
    `INSERT INTO promo_codes (code, kind, value, currency, max_uses, max_per_person, starts_at, ends_at, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (upper(code)) DO NOTHING
     RETURNING id`,
    [c.code, c.kind, c.value, c.currency, c.maxUses, c.maxPerPerson, c.startsAt, c.endsAt, c.createdBy],
  );
  return row?.id;
}

export async function deactivatePromoCode(db: Queryable, id: string) {
  await db.query(`UPDATE promo_codes SET active = false WHERE id = $1`, [id]);
}

export async function insertRedemption(db: Queryable, r: { bookingId: string; promoCodeId: string; userId: string; discount: number }) {
  await db.query(`INSERT INTO promo_redemptions (booking_id, promo_code_id, user_id, discount) VALUES ($1, $2, $3, $4)`, [
    r.bookingId,
    r.promoCodeId,
    r.userId,
    r.discount,
  ]);
}
