import { describe, expect, it } from 'vitest';
import { cardBrand, cardInputSchema, luhnValid } from './payment-methods';

describe('cards', () => {
  it('detects the brand as typed', () => {
    expect(cardBrand('4242')).toBe('visa');
    expect(cardBrand('5555 5555')).toBe('mastercard');
    expect(cardBrand('2221 00')).toBe('mastercard');
    expect(cardBrand('3782 822463')).toBe('amex');
    expect(cardBrand('6521 1234')).toBe('discover');
    expect(cardBrand('6075 1234')).toBe('rupay');
    expect(cardBrand('9')).toBe('unknown');
  });
  it('checks the Luhn digit', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('4242 4242 4242 4241')).toBe(false);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('12')).toBe(false);
  });
  it('validates a whole card, with field errors', () => {
    expect(cardInputSchema.safeParse({ number: '4242424242424242', exp_month: 12, exp_year: 34, cvc: '123' }).data?.exp_year).toBe(2034);
    const bad = cardInputSchema.safeParse({ number: '378282246310005', exp_month: 13, exp_year: 2030, cvc: '123' });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toContain('exp_month');
    const amexCvc = cardInputSchema.safeParse({ number: '378282246310005', exp_month: 1, exp_year: 2090, cvc: '123' });
    expect(amexCvc.error!.issues[0]!.path).toEqual(['cvc']);
  });
});
