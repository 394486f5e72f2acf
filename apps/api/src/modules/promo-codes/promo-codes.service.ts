/**
 * Promotion codes (decision 036): the admin's list, create and deactivate; the check of a code a driver
 * applies (in the quote, and in POST bookings' transaction with the code's row locked) and the discount it
 * gives, which the booking freezes with its price.
 */
import { PROMO_CODE_PATTERN, promoDiscount, type CreatePromoCodeInput, type PromoCode } from '@parkly/shared/promo-codes';
import type { Quote } from '@parkly/shared/bookings';
import { percentOf } from '@parkly/shared/pricing';
import type { Database, Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { recordAdminAction, type AdminActor } from '../admin/admin-audit';
import * as repo from './promo-codes.repository';

const toPromoCode = (r: repo.PromoCodeRow): PromoCode => ({
  id: r.id,
  code: r.code,
  kind: r.kind,
  value: r.value,
  currency: r.currency,
  max_uses: r.max_uses,
  max_per_person: r.max_per_person,
  starts_at: r.starts_at ? new Date(r.starts_at).toISOString() : null,
  ends_at: r.ends_at ? new Date(r.ends_at).toISOString() : null,
  active: r.active,
  uses: r.uses,
  created_at: new Date(r.created_at).toISOString(),
});

export async function listPromoCodes(db: Queryable) {
  return { result: (await repo.listPromoCodes(db)).map(toPromoCode) };
}

const promoNotFound = () => new AppError('NOT_FOUND', 'Promo code not found');

export async function createPromoCode(db: Database, actor: AdminActor, input: CreatePromoCodeInput, currency: string) {
  return db.transaction(async (tx) => {
    const id = await repo.insertPromoCode(tx, {
      code: input.code.trim(),
      kind: input.kind,
      value: input.value,
      currency,
      maxUses: input.max_uses ?? null,
      maxPerPerson: input.max_per_person ?? null,
      startsAt: input.starts_at ?? null,
      endsAt: input.ends_at ?? null,
      createdBy: actor.id,
    });
    if (!id) throw new AppError('CONFLICT', 'There is already a code with this name', { errors: { code: 'There is already a code with this name (in any case)' } });
    const code = toPromoCode((await repo.findPromoCodeById(tx, id))!);
    await recordAdminAction(tx, actor, { action: 'promo_code.create', subjectType: 'promo_code', subjectId: id, after: code });
    return code;
  });
}

/** Deactivating stops new uses; bookings that used it keep their discount. Deactivating twice is a no-op. */
export async function deactivatePromoCode(db: Database, actor: AdminActor, id: string) {
  return db.transaction(async (tx) => {
    const row = isUuid(id) ? await repo.findPromoCodeById(tx, id, { lock: true }) : undefined;
    if (!row) throw promoNotFound();
    if (row.active) {
      await repo.deactivatePromoCode(tx, id);
      await recordAdminAction(tx, actor, { action: 'promo_code.deactivate', subjectType: 'promo_code', subjectId: id, before: { active: true }, after: { active: false } });
    }
    return toPromoCode((await repo.findPromoCodeById(tx, id))!);
  });
}

const refuse = (code: 'VALIDATION' | 'CONFLICT', message: string) => new AppError(code, message, { errors: { promo_code: message } });

/**
 * The code a driver applied, if it can be used now for a price in `currency` by `userId` (null: not signed
 * in, the per-person limit is checked when booking). `lock`: POST bookings locks the code's row, so its
 * uses are counted one booking after another. Anything else answers 400 or 409 on the promo_code field.
 */
export async function usablePromoCode(db: Queryable, typed: string, opts: { userId: string | null; currency: string; lock?: boolean; now?: Date }) {
  const now = opts.now ?? new Date();
  const row = PROMO_CODE_PATTERN.test(typed) ? await repo.findPromoCode(db, typed, { lock: opts.lock }) : undefined;
  if (!row) throw refuse('VALIDATION', 'This promo code does not exist. Check how it is spelled.');
  if (!row.active) throw refuse('VALIDATION', 'This promo code is no longer valid.');
  if (row.starts_at && new Date(row.starts_at) > now) throw refuse('VALIDATION', 'This promo code cannot be used yet.');
  if (row.ends_at && new Date(row.ends_at) <= now) throw refuse('VALIDATION', 'This promo code has expired.');
  if (row.kind === 'amount' && row.currency !== opts.currency) throw refuse('VALIDATION', `This promo code is for prices in ${row.currency}.`);
  if (row.max_uses !== null && row.uses >= row.max_uses) throw refuse('CONFLICT', 'This promo code has been used up.');
  if (opts.userId && row.max_per_person !== null && (await repo.countUsesBy(db, row.id, opts.userId)) >= row.max_per_person) {
    throw refuse('CONFLICT', row.max_per_person === 1 ? 'You have already used this promo code.' : `You have already used this promo code ${row.max_per_person} times, as often as it allows.`);
  }
  return row;
}

/**
 * The quote with the code's discount: out of Parkly's service fee first, the rest out of its commission,
 * never more than the two (promoDiscount). The host's payout is untouched.
 */
export function withDiscount(q: Quote, code: repo.PromoCodeRow, hostCommissionPercent: number): Quote {
  const discount = promoDiscount(code, { subtotal: q.subtotal, serviceFee: q.service_fee, hostFee: percentOf(q.subtotal, hostCommissionPercent) });
  return { ...q, discount, promo_code: code.code, total: q.subtotal + q.service_fee - discount };
}

export const recordRedemption = repo.insertRedemption;
