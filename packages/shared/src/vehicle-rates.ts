// Which of a listing's rates a vehicle pays (decision 040); pricing.ts re-exports it. Kept short, comments too: the
// listing page loads it, and a longer file tips a chunk it shares over Rolldown's inlining size (decision 046).

export const RATE_KEYS = ['hourly_rate', 'daily_rate', 'weekly_rate', 'monthly_rate'] as const;
export type RateKey = (typeof RATE_KEYS)[number];
export type Rates = Record<RateKey, number | null>;

export const TWO_WHEELER_RATE_KEYS = ['two_wheeler_hourly_rate', 'two_wheeler_daily_rate', 'two_wheeler_weekly_rate', 'two_wheeler_monthly_rate'] as const;
export type TwoWheelerRateKey = (typeof TWO_WHEELER_RATE_KEYS)[number];
export type TwoWheelerRates = Partial<Record<TwoWheelerRateKey, number | null>>;

export type VehicleKind = 'two_wheeler' | 'car';
export const vehicleKindOf = (vehicleType: string | null | undefined): VehicleKind => (vehicleType === 'motorcycle' ? 'two_wheeler' : 'car');

// a two-wheeler rate only where the car rate is offered too
export function ratesFor(listing: Rates & TwoWheelerRates, kind: VehicleKind): Rates {
  const car: Rates = { hourly_rate: listing.hourly_rate, daily_rate: listing.daily_rate, weekly_rate: listing.weekly_rate, monthly_rate: listing.monthly_rate };
  if (kind === 'car') return car;
  const out = { ...car };
  RATE_KEYS.forEach((k, i) => {
    const own = listing[TWO_WHEELER_RATE_KEYS[i]!];
    if (own != null && car[k] !== null) out[k] = own;
  });
  return out;
}
