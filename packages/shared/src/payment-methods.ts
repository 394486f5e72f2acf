/**
 * Cards: what a card form sends, how its number is checked as it is typed, and a saved card as the
 * API answers it (brand, last four, expiry: never the number).
 */
import { z } from 'zod';
import { PAYMENT_PROVIDERS } from './settings';

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'rupay', 'discover', 'diners', 'jcb', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  rupay: 'RuPay',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unknown: 'Card',
};

export const digitsOnly = (s: string) => s.replace(/[\s-]/g, '');

/** The brand from the leading digits (enough to show a logo while typing). */
export function cardBrand(number: string): CardBrand {
  const n = digitsOnly(number);
  if (/^4/.test(n)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(n)) return 'mastercard';
  if (/^3[47]/.test(n)) return 'amex';
  if (/^(60|65|81|82|508|353|356)/.test(n)) return n.startsWith('65') || n.startsWith('6011') ? 'discover' : 'rupay';
  if (/^3(0[0-5]|[689])/.test(n)) return 'diners';
  if (/^35/.test(n)) return 'jcb';
  return 'unknown';
}

/** The Luhn check every card number passes. */
export function luhnValid(number: string): boolean {
  const n = digitsOnly(number);
  if (!/^\d{12,19}$/.test(n)) return false;
  let sum = 0;
  for (let i = 0; i < n.length; i++) {
    let d = n.charCodeAt(n.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** True when a card expiring at the end of this month and year has not expired at `now`. */
export const expiryInFuture = (month: number, year: number, now = new Date()) =>
  year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);

/** A card as the card form sends it; the number is used once and never stored. */
export const cardInputSchema = z
  .object(
    {
      number: z
        .string({ error: 'Enter the card number' })
        .trim()
        .refine((s) => /^[\d\s-]{12,23}$/.test(s), 'Enter the card number: 12 to 19 digits')
        .refine(luhnValid, 'This card number is not valid: check the digits'),
      exp_month: z.coerce.number({ error: 'Enter the expiry month' }).int('Enter the expiry month').min(1, 'The month is 1 to 12').max(12, 'The month is 1 to 12'),
      exp_year: z.coerce
        .number({ error: 'Enter the expiry year' })
        .int('Enter the expiry year')
        .transform((y) => (y < 100 ? 2000 + y : y))
        .refine((y) => y >= 2000 && y <= 2100, 'Enter the expiry year'),
      cvc: z.string({ error: 'Enter the security code' }).trim().regex(/^\d{3,4}$/, 'The security code is 3 or 4 digits'),
    },
    { error: 'Send the card as {number, exp_month, exp_year, cvc}' },
  )
  .superRefine((c, ctx) => {
    if (!expiryInFuture(c.exp_month, c.exp_year)) ctx.addIssue({ code: 'custom', path: ['exp_month'], message: 'This card has expired' });
    const amex = cardBrand(c.number) === 'amex';
    if (amex && c.cvc.length !== 4) ctx.addIssue({ code: 'custom', path: ['cvc'], message: 'American Express cards have a 4-digit security code' });
    if (!amex && c.cvc.length !== 3) ctx.addIssue({ code: 'custom', path: ['cvc'], message: 'The security code is 3 digits' });
  });
export type CardInput = z.input<typeof cardInputSchema>;

export const addPaymentMethodSchema = z.object({ card: cardInputSchema, is_default: z.boolean().optional() }, { error: 'Send {card:{number, exp_month, exp_year, cvc}}' });

/** A card Stripe Elements collected in the browser: its PaymentMethod id (with the stripe driver only). */
export const addProviderPaymentMethodSchema = z.object(
  {
    payment_method_id: z.string({ error: 'Send the card as {payment_method_id}' }).trim().regex(/^pm_[A-Za-z0-9_]{1,250}$/, 'This is not a card from the card form'),
    is_default: z.boolean().optional(),
  },
  { error: 'Send {payment_method_id}' },
);

export const paymentMethodSchema = z.object({
  id: z.string(),
  /**
   * the provider that keeps the card: it pays only while the server runs that provider (a card saved with
   * Stripe cannot pay through Razorpay Checkout, which keeps its own saved cards and UPI IDs: decision 032)
   */
  provider: z.enum(PAYMENT_PROVIDERS),
  brand: z.enum(CARD_BRANDS),
  last4: z.string(),
  exp_month: z.number(),
  exp_year: z.number(),
  is_default: z.boolean(),
  created_at: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const paymentMethodAnswerSchema = z.object({ result: paymentMethodSchema });
export const paymentMethodsAnswerSchema = z.object({ result: z.array(paymentMethodSchema) });
/** A person may keep this many saved cards. */
export const PAYMENT_METHODS_MAX = 10;

/** The simulated provider's test cards (DESIGN section 5). */
export const TEST_CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;
