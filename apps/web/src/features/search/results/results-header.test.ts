import { SEARCH_COUNT_CAP } from '@parkly/shared/search-options';
import { describe, expect, it } from 'vitest';
import { countNumber, countText } from './results-header';

describe('countText', () => {
  it('says how many spaces match, and 100+ when the server stopped counting', () => {
    expect(countText(12, false)).toBe('12 spaces');
    expect(countText(1, false)).toBe('1 space');
    expect(countText(0, false)).toBe('0 spaces');
    expect(countText(SEARCH_COUNT_CAP, true)).toBe(`${SEARCH_COUNT_CAP}+ spaces`);
    expect(countText(SEARCH_COUNT_CAP, false)).toBe(`${SEARCH_COUNT_CAP} spaces`);
    // without the flag, a total at the cap means at least that many
    expect(countText(SEARCH_COUNT_CAP)).toBe(`${SEARCH_COUNT_CAP}+ spaces`);
    expect(countText(12)).toBe('12 spaces');
    expect(countNumber(SEARCH_COUNT_CAP, true)).toBe(`${SEARCH_COUNT_CAP}+`);
    expect(countNumber(7, false)).toBe('7');
  });
});
