/**
 * Promotion codes (decision 036): an admin creates a code, percent or amount off, with limits per person
 * and in total and the dates it runs; a driver applies it at checkout. The discount comes out of Parkly's
 * service fee first, the rest out of Parkly's commission: it never exceeds Parkly's take, so the host's
 * earning never drops.
 */
import { z } from 'zod';

export const PROMO_KINDS = ['percent', 'amount'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** Letters, digits and dashes, 3 to 32; compared without regard to case (stored as typed, matched in upper case). */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{1,30}[A-Za-z0-9]$/;

/** A code as a driver types it: trimmed; the pattern checked by the server so that the answer names the field. */
export const promoCodeField = z
  .string({ error: 'promo_code must be text' })
  .trim()
  .max(64, 'That promo code is too long')
  .optional()
  .transform((s) => (s ? s : undefined));

const optionalInstant = (what: string) =>
  z
    .string({ error: `${what} must be an ISO 8601 time` })
    .trim()
    .refine((s) => !Number.isNaN(Date.parse(s)), `${what} must be an ISO 8601 time with its offset, such as 2026-12-24T18:30:00+05:30`)
    .nullable()
    .optional();

const positiveInt = (what: string) =>
  z.number({ error: `${what} must be a whole number` }).int(`${what} must be a whole number`).min(1, `${what} must be at least 1`).max(1_000_000, `${what} is too large`);

/** POST admin/promo_codes. `value`: percent (1 to 100) or paise off. */
export const createPromoCodeSchema = z
  .object(
    {
      code: z
        .string({ error: 'code is required' })
        .trim()
        .regex(PROMO_CODE_PATTERN, 'A code is 3 to 32 letters, digits or dashes (starting and ending with a letter or digit)'),
      kind: z.enum(PROMO_KINDS, { error: 'kind must be percent or amount' }),
      value: positiveInt('value'),
      max_uses: positiveInt('max_uses').nullable().optional(),
      max_per_person: positiveInt('max_per_person').nullable().optional(),
      starts_at: optionalInstant('starts_at'),
      ends_at: optionalInstant('ends_at'),
    },
    { error: 'Send {code, kind, value, max_uses?, max_per_person?, starts_at?, ends_at?}' },
  )
  .superRefine((c, ctx) => {
    if (c.kind === 'percent' && c.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is at most 100' });
    if (c.starts_at && c.ends_at && Date.parse(c.ends_at) <= Date.parse(c.starts_at)) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must be after the start' });
    }
    if (c.max_uses && c.max_per_person && c.max_per_person > c.max_uses) {
      ctx.addIssue({ code: 'custom', path: ['max_per_person'], message: 'The limit per person cannot be more than the limit in total' });
    }
  });
export type CreatePromoCodeInput = z.input<typeof createPromoCodeSchema>;

export const promoCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  value: z.number(),
  currency: z.string(),
  max_uses: z.number().nullable(),
  max_per_person: z.number().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  active: z.boolean(),
  /** uses that count (bookings held, paid or confirmed; a hold that lapsed or was cancelled unpaid gives its use back) */
  uses: z.number(),
  created_at: z.string(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;
export const promoCodeAnswerSchema = z.object({ result: promoCodeSchema });
export const promoCodesAnswerSchema = z.object({ result: z.array(promoCodeSchema) });

/**
 * The discount of a code on a price, in minor units: percent of the driver's total (stay and fee) or the
 * amount, never more than Parkly's take (its service fee and its commission).
 */
export function promoDiscount(code: { kind: PromoKind; value: number }, price: { subtotal: number; serviceFee: number; hostFee: number }) {
  const raw = code.kind === 'percent' ? Math.round(((price.subtotal + price.serviceFee) * code.value) / 100) : code.value;
  return Math.max(0, Math.min(raw, price.serviceFee + price.hostFee));
}

/** How a discount splits: out of the service fee first, the rest out of Parkly's commission. */
export const discountSplit = (discount: number, serviceFee: number) => {
  const fromFee = Math.min(discount, serviceFee);
  return { fromFee, fromCommission: discount - fromFee };
};

/** What a code takes off, for people: '10% off' or '₹50 off'. */
export function describePromo(code: { kind: PromoKind; value: number; currency?: string }) {
  if (code.kind === 'percent') return `${code.value}% off`;
  const amount = new Intl.NumberFormat('en-IN', { style: 'currency', currency: code.currency ?? 'INR', maximumFractionDigits: code.value % 100 ? 2 : 0 }).format(code.value / 100);
  return `${amount} off`;
}
