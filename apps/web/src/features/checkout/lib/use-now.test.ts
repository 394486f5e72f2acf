import { describe, expect, it } from 'vitest';
import { formatCountdown } from './use-now';

describe('countdown', () => {
  it('shows minutes and seconds left, rounding up, never negative', () => {
    expect(formatCountdown(15 * 60_000)).toBe('15:00');
    expect(formatCountdown(61_500)).toBe('1:02');
    expect(formatCountdown(400)).toBe('0:01');
    expect(formatCountdown(-5000)).toBe('0:00');
  });
});
