import { describe, expect, it } from 'vitest';
import { formatMoney, toMajorText, toMinor } from './money';

describe('money', () => {
  it('formats paise as rupees in the Indian style', () => {
    expect(formatMoney(12000)).toBe('₹120');
    expect(formatMoney(12345)).toBe('₹123.45');
    expect(formatMoney(1_00_000_00)).toBe('₹1,00,000');
  });
  it('reads typed rupees as paise', () => {
    expect(toMinor('120')).toBe(12000);
    expect(toMinor('₹1,200.5')).toBe(120050);
    expect(toMinor('')).toBeNull();
    expect(toMinor('abc')).toBeNull();
    expect(toMajorText(12050)).toBe('120.5');
  });
});
