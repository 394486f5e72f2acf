import { describe, expect, it } from 'vitest';
import { RATE_MINUTES, stayPlans, stayPrice, type Rates } from './pricing';

const rates = (over: Partial<Rates> = {}): Rates => ({ hourly_rate: 5000, daily_rate: 40000, weekly_rate: 200000, monthly_rate: 600000, ...over });
const HOUR = 60;
const DAY = 24 * HOUR;

describe('stayPrice', () => {
  it('charges each started hour', () => {
    expect(stayPrice(HOUR, rates())).toBe(5000);
    expect(stayPrice(61, rates())).toBe(10000);
    expect(stayPrice(15, rates())).toBe(5000);
  });

  it('never charges hours above the day rate, and days above the week rate', () => {
    expect(stayPrice(9 * HOUR, rates())).toBe(40000);
    expect(stayPrice(DAY + 2 * HOUR, rates())).toBe(50000);
    expect(stayPrice(DAY + 10 * HOUR, rates())).toBe(80000);
    expect(stayPrice(6 * DAY, rates())).toBe(200000);
    expect(stayPrice(7 * DAY + HOUR, rates())).toBe(205000);
  });

  it('caps weeks by the month rate and prices whole months', () => {
    expect(stayPrice(28 * DAY, rates())).toBe(600000);
    expect(stayPrice(30 * DAY, rates())).toBe(600000);
    expect(stayPrice(31 * DAY, rates())).toBe(640000);
  });

  it('prices with whatever rates are offered', () => {
    const dailyOnly = rates({ hourly_rate: null, weekly_rate: null, monthly_rate: null });
    expect(stayPrice(3 * HOUR, dailyOnly)).toBe(40000);
    expect(stayPrice(DAY + HOUR, dailyOnly)).toBe(80000);
    const hourlyOnly = rates({ daily_rate: null, weekly_rate: null, monthly_rate: null });
    expect(stayPrice(3 * DAY, hourlyOnly)).toBe(72 * 5000);
    const monthlyOnly = rates({ hourly_rate: null, daily_rate: null, weekly_rate: null });
    expect(stayPrice(2 * HOUR, monthlyOnly)).toBe(600000);
    expect(stayPrice(HOUR, { hourly_rate: null, daily_rate: null, weekly_rate: null, monthly_rate: null })).toBeNull();
  });

  it('takes the cheaper way when a longer rate is not a discount', () => {
    // a day rate dearer than 24 hours: hours win
    expect(stayPrice(DAY, rates({ daily_rate: 200000 }))).toBe(24 * 5000);
  });

  it('keeps the number of plans small for any stay', () => {
    for (const m of [1, HOUR, DAY - 1, DAY, 8 * DAY + 5, 400 * DAY]) {
      expect(stayPlans(m).length).toBeGreaterThan(0);
      expect(stayPlans(m).length).toBeLessThanOrEqual(15);
    }
  });
});

describe('stayPrice, as properties over many random listings and stays', () => {
  // a small seeded generator: the same cases every run
  let seed = 20261125;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const randomRates = (): Rates => {
    const hourly = 1000 + rand(20_000);
    const pick = (v: number) => (rand(5) === 0 ? null : v);
    return { hourly_rate: pick(hourly), daily_rate: pick(hourly * (2 + rand(20))), weekly_rate: pick(hourly * (20 + rand(120))), monthly_rate: pick(hourly * (60 + rand(400))) };
  };

  it('a longer stay never costs less than a shorter one inside it', () => {
    for (let i = 0; i < 400; i++) {
      const rates = randomRates();
      const short = 1 + rand(60 * 24 * 45);
      const long = short + 1 + rand(60 * 24 * 10);
      const a = stayPrice(short, rates);
      const b = stayPrice(long, rates);
      if (a !== null && b !== null) expect(b).toBeGreaterThanOrEqual(a);
    }
  });

  it('no stay costs more than one of the next longer offered unit', () => {
    for (let i = 0; i < 400; i++) {
      const rates = randomRates();
      for (const [key, minutes] of Object.entries(RATE_MINUTES) as [keyof Rates, number][]) {
        const rate = rates[key];
        if (rate === null) continue;
        const inside = 1 + rand(minutes);
        const price = stayPrice(inside, rates);
        if (price !== null) expect(price).toBeLessThanOrEqual(rate);
      }
    }
  });
});
