/** Money is integer minor units (paise) everywhere; this turns it into what people read (web and e-mails alike). */

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
