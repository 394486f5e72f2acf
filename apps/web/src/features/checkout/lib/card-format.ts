import { cardBrand, digitsOnly, type CardBrand } from '@parkly/shared/payment-methods';

/** How many digits a brand's card number has at most. */
const MAX_DIGITS: Partial<Record<CardBrand, number>> = { amex: 15, diners: 14 };
export const maxDigits = (brand: CardBrand) => MAX_DIGITS[brand] ?? 19;

/** The security code's length for the brand: 4 on the front of an Amex card, 3 on the back of the rest. */
export const cvcLength = (brand: CardBrand) => (brand === 'amex' ? 4 : 3);

/** The number as typed, grouped as printed on the card: 4-6-5 for Amex, groups of 4 for the others. */
export function formatCardNumber(input: string): string {
  const raw = input.replace(/\D/g, '');
  const brand = cardBrand(raw);
  const digits = raw.slice(0, maxDigits(brand));
  if (brand === 'amex') return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)].filter(Boolean).join(' ');
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Only the digits of a short field (month, year, CVC), at most `max` of them. */
export const onlyDigits = (input: string, max: number) => input.replace(/\D/g, '').slice(0, max);

/** The last four digits, for a label such as 'Visa ending 4242'. */
export const lastFour = (number: string) => digitsOnly(number).slice(-4);

/** '04/28' */
export const formatExpiry = (month: number, year: number) => `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
