import { describe, expect, it } from 'vitest';
import { createPromoCodeSchema, describePromo, discountSplit, promoDiscount } from './promo-codes';

const price = { subtotal: 10_000, serviceFee: 500, hostFee: 1500 };

describe('promoDiscount', () => {
  it('percent of the driver’s price (stay and fee), rounded to the paisa', () => {
    expect(promoDiscount({ kind: 'percent', value: 10 }, price)).toBe(1050);
    expect(promoDiscount({ kind: 'percent', value: 3 }, { subtotal: 999, serviceFee: 50, hostFee: 150 })).toBe(31);
  });
  it('an amount as it is', () => {
    expect(promoDiscount({ kind: 'amount', value: 200 }, price)).toBe(200);
  });
  it('never more than Parkly’s fee and commission: the host’s payout stays', () => {
    expect(promoDiscount({ kind: 'percent', value: 100 }, price)).toBe(2000);
    expect(promoDiscount({ kind: 'amount', value: 1_000_000 }, price)).toBe(2000);
    expect(promoDiscount({ kind: 'amount', value: 500 }, { subtotal: 0, serviceFee: 0, hostFee: 0 })).toBe(0);
  });
});

describe('discountSplit', () => {
  it('out of the fee first, the rest out of the commission', () => {
    expect(discountSplit(200, 500)).toEqual({ fromFee: 200, fromCommission: 0 });
    expect(discountSplit(1050, 500)).toEqual({ fromFee: 500, fromCommission: 550 });
    expect(discountSplit(0, 500)).toEqual({ fromFee: 0, fromCommission: 0 });
  });
});

describe('createPromoCodeSchema', () => {
  const ok = { code: 'MONSOON-20', kind: 'percent', value: 20 };
  const issues = (body: object) => {
    const r = createPromoCodeSchema.safeParse({ ...ok, ...body });
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('takes a good code', () => {
    expect(issues({})).toEqual([]);
    expect(issues({ kind: 'amount', value: 5000, max_uses: 10, max_per_person: 1, starts_at: '2027-01-01T00:00:00+05:30', ends_at: '2027-02-01T00:00:00+05:30' })).toEqual([]);
  });
  it('refuses bad ones with a message on the field', () => {
    expect(issues({ value: 101 })).toEqual(['value: A percentage is at most 100']);
    expect(issues({ code: '-AB' })[0]).toMatch(/^code: /);
    expect(issues({ code: 'AB' })[0]).toMatch(/^code: /);
    expect(issues({ value: 0 })).toEqual(['value: value must be at least 1']);
    expect(issues({ starts_at: '2027-02-01T00:00:00Z', ends_at: '2027-01-01T00:00:00Z' })).toEqual(['ends_at: The end must be after the start']);
    expect(issues({ max_uses: 1, max_per_person: 3 })).toEqual(['max_per_person: The limit per person cannot be more than the limit in total']);
  });
});

describe('describePromo', () => {
  it('says what a code takes off', () => {
    expect(describePromo({ kind: 'percent', value: 15 })).toBe('15% off');
    expect(describePromo({ kind: 'amount', value: 5000, currency: 'INR' })).toBe('₹50 off');
    expect(describePromo({ kind: 'amount', value: 5050, currency: 'INR' })).toBe('₹50.50 off');
  });
});
