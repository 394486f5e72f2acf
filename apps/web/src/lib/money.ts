/** Money is integer minor units (paise) everywhere; these turn it into what people read and type. */

export { formatMoney } from '@parkly/shared/money';

/** What a person typed in rupees ('120', '99.5') -> paise, or null when it is not a number. */
export function toMinor(input: string): number | null {
  const n = Number(input.replace(/[,\s₹]/g, ''));
  return input.trim() === '' || !Number.isFinite(n) ? null : Math.round(n * 100);
}

/** Paise -> the rupee text an input shows. */
export const toMajorText = (minor: number | null | undefined) => (minor == null ? '' : String(minor / 100));
