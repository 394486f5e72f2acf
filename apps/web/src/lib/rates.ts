// Kept free of zod: the home page's cards use it, and the first load of / has a budget.

type Rates = { hourly_rate: number | null; daily_rate: number | null; weekly_rate: number | null; monthly_rate: number | null };
export type RateUnit = 'hour' | 'day' | 'week' | 'month';
export interface OfferedRate {
  unit: RateUnit;
  amount: number;
}

/** The rates the host offers, shortest unit first; a rate that is null is not offered. */
export function offeredRates(l: Rates): OfferedRate[] {
  const all: [RateUnit, number | null][] = [
    ['hour', l.hourly_rate],
    ['day', l.daily_rate],
    ['week', l.weekly_rate],
    ['month', l.monthly_rate],
  ];
  return all.filter((r): r is [RateUnit, number] => r[1] !== null).map(([unit, amount]) => ({ unit, amount }));
}
