/**
 * How a stay is priced from a listing's four rates (DESIGN section 5): each started hour, day,
 * week or month (30 days) costs its rate, and a longer unit's rate caps the sum of shorter ones
 * (hours never cost more than the day rate, days never more than the week rate, and so on).
 *
 * For a given length of stay the cheapest price is the least of a few "plans", each a count of
 * hours, days, weeks and months. A plan that uses a rate the host does not offer is not possible.
 * The same plans price a stay here and in SQL (the search orders by price in the database), so
 * both always agree.
 */

export const RATE_KEYS = ['hourly_rate', 'daily_rate', 'weekly_rate', 'monthly_rate'] as const;
export type RateKey = (typeof RATE_KEYS)[number];
export type Rates = Record<RateKey, number | null>;

/** Minutes in an hour, a day, a week and a billing month. */
export const RATE_MINUTES: Record<RateKey, number> = { hourly_rate: 60, daily_rate: 1440, weekly_rate: 10_080, monthly_rate: 43_200 };

/** How many of each unit a plan charges, in RATE_KEYS order. */
export type Plan = readonly [hours: number, days: number, weeks: number, months: number];

const ZERO: Plan = [0, 0, 0, 0];
const add = (a: Plan, b: Plan): Plan => [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]];
const unit = (k: number, n: number): Plan => [k === 0 ? n : 0, k === 1 ? n : 0, k === 2 ? n : 0, k === 3 ? n : 0];

/** The plans that cover `minutes` using units up to index `k` (0 hour .. 3 month). */
function plansUpTo(minutes: number, k: number): Plan[] {
  if (minutes <= 0) return [ZERO];
  if (k < 0) return [];
  const len = RATE_MINUTES[RATE_KEYS[k]!];
  const whole = Math.floor(minutes / len);
  const rest = minutes - whole * len;
  // the remainder is either one more of this unit, or covered by shorter units
  const remainders = rest === 0 ? [ZERO] : [unit(k, 1), ...plansUpTo(rest, k - 1)];
  const withThis = remainders.map((p) => add(unit(k, whole), p));
  return [...plansUpTo(minutes, k - 1), ...withThis];
}

/** Every distinct plan for a stay of this many minutes (a few dozen at most). */
export function stayPlans(minutes: number): Plan[] {
  const seen = new Map<string, Plan>();
  for (const p of plansUpTo(Math.max(0, Math.ceil(minutes)), RATE_KEYS.length - 1)) {
    if (p.some((n) => n > 0)) seen.set(p.join(','), p);
  }
  return [...seen.values()];
}

/** What a plan costs at these rates, or null when it needs a rate that is not offered. */
export function planPrice(plan: Plan, rates: Rates): number | null {
  let total = 0;
  for (let k = 0; k < RATE_KEYS.length; k++) {
    const n = plan[k]!;
    if (n === 0) continue;
    const rate = rates[RATE_KEYS[k]!];
    if (rate === null) return null;
    total += n * rate;
  }
  return total;
}

/** The cheapest plan for the stay at these rates, or null when no offered rate can price it. */
export function cheapestPlan(minutes: number, rates: Rates): { plan: Plan; price: number } | null {
  let best: { plan: Plan; price: number } | null = null;
  for (const plan of stayPlans(minutes)) {
    const price = planPrice(plan, rates);
    if (price !== null && (best === null || price < best.price)) best = { plan, price };
  }
  return best;
}

/** The price in minor units of a stay of this many minutes, or null when it cannot be priced. */
export const stayPrice = (minutes: number, rates: Rates) => cheapestPlan(minutes, rates)?.price ?? null;

/** The two-wheeler rates a listing may set lower than its car rates (decision 040); null: the car rate applies. */
export const TWO_WHEELER_RATE_KEYS = ['two_wheeler_hourly_rate', 'two_wheeler_daily_rate', 'two_wheeler_weekly_rate', 'two_wheeler_monthly_rate'] as const;
export type TwoWheelerRateKey = (typeof TWO_WHEELER_RATE_KEYS)[number];
export type TwoWheelerRates = Partial<Record<TwoWheelerRateKey, number | null>>;

/** What a vehicle is for pricing and unit sharing: a motorcycle takes one two-wheeler bay, anything else (or none) the whole unit. */
export type VehicleKind = 'two_wheeler' | 'car';
export const vehicleKindOf = (vehicleType: string | null | undefined): VehicleKind => (vehicleType === 'motorcycle' ? 'two_wheeler' : 'car');

/**
 * The one place that picks a listing's rates by vehicle kind (the quote, POST bookings, monthly passes and
 * the web's price all call it): a two-wheeler pays each two-wheeler rate the host set, else the car rate.
 */
export function ratesFor(listing: Rates & TwoWheelerRates, kind: VehicleKind): Rates {
  const car: Rates = { hourly_rate: listing.hourly_rate, daily_rate: listing.daily_rate, weekly_rate: listing.weekly_rate, monthly_rate: listing.monthly_rate };
  if (kind === 'car') return car;
  const out = { ...car };
  RATE_KEYS.forEach((k, i) => {
    const own = listing[TWO_WHEELER_RATE_KEYS[i]!];
    // a two-wheeler rate only where the car rate is offered too: it never makes a stay length bookable that cars cannot book
    if (own != null && car[k] !== null) out[k] = own;
  });
  return out;
}

/** Rounded percentage of an amount in minor units (fees and commissions). */
export const percentOf = (minor: number, percent: number) => Math.round((minor * percent) / 100);
