import { describe, expect, it } from 'vitest';
import { stayPlans, stayPrice, type Rates } from './pricing';

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
