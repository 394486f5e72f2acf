/** Money is integer minor units (paise) everywhere; these turn it into what people read and type. */

const formatters = new Map<string, Intl.NumberFormat>();

/** 12345 paise -> '₹123.45'; whole amounts drop the decimals ('₹120'). */
export function formatMoney(minor: number, currency = 'INR'): string {
  const whole = minor % 100 === 0;
  const key = `${currency}:${whole}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-IN', { style: 'currency', currency, minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 });
    formatters.set(key, f);
  }
  return f.format(minor / 100);
}

/** What a person typed in rupees ('120', '99.5') -> paise, or null when it is not a number. */
export function toMinor(input: string): number | null {
  const n = Number(input.replace(/[,\s₹]/g, ''));
  return input.trim() === '' || !Number.isFinite(n) ? null : Math.round(n * 100);
}

/** Paise -> the rupee text an input shows. */
export const toMajorText = (minor: number | null | undefined) => (minor == null ? '' : String(minor / 100));
