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

import { RATE_KEYS, type RateKey, type Rates } from './vehicle-rates';

// the rates by vehicle kind live in their own small module, which the listing page loads (its first load has a budget)
export { RATE_KEYS, TWO_WHEELER_RATE_KEYS, ratesFor, vehicleKindOf } from './vehicle-rates';
export type { RateKey, Rates, TwoWheelerRateKey, TwoWheelerRates, VehicleKind } from './vehicle-rates';

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

/** Rounded percentage of an amount in minor units (fees and commissions). */
export const percentOf = (minor: number, percent: number) => Math.round((minor * percent) / 100);
