import { timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearerTokenChecker } from './bearer-token';

// every comparison is watched: a wrong token must take the same constant-time path as the right one
const compared: [number, number][] = [];
const watchedCompare: typeof timingSafeEqual = (a, b) => {
  compared.push([a.byteLength, b.byteLength]);
  return timingSafeEqual(a, b);
};

describe('bearerTokenChecker', () => {
  const token = 'f3a9c1e07b2d4e6f8a0b1c2d3e4f5a6b7c8d9e0f';
  const matches = bearerTokenChecker(token, watchedCompare);

  it('takes the right token only', () => {
    expect(matches(`Bearer ${token}`)).toBe(true);
    expect(matches(`bearer ${token}`)).toBe(true);
    for (const header of [undefined, '', 'Bearer', 'Bearer ', token, `Basic ${token}`, `Bearer ${token}0`, `Bearer ${token.slice(0, -1)}`, `Bearer  ${token}`, `Bearer ${token} x`]) {
      expect(matches(header), String(header)).toBe(false);
    }
  });

  it('compares every attempt in constant time on equal lengths: no early answer for a wrong length, a right prefix or no header', () => {
    compared.length = 0;
    const attempts = [undefined, '', 'Bearer x', `Bearer ${token.slice(0, 10)}`, `Bearer ${token.slice(0, -1)}`, `Bearer ${token}${'0'.repeat(500)}`, `Bearer ${token}`];
    for (const header of attempts) matches(header);
    expect(compared).toEqual(attempts.map(() => [32, 32]));
  });
});
