import { cardBrand, type CardBrand } from '@parkly/shared/payment-methods';

/** How many digits a complete number of each brand has (the longest, where a brand has several). */
const LENGTHS: Partial<Record<CardBrand, number>> = { amex: 15, diners: 14 };
export const expectedLength = (brand: CardBrand) => LENGTHS[brand] ?? 16;
export const cvcLength = (brand: CardBrand) => (brand === 'amex' ? 4 : 3);

/** Digits grouped as printed on the card: 4-6-5 for American Express, fours for the rest (at most 19 digits). */
export function formatCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 19);
  if (cardBrand(digits) === 'amex') return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}
