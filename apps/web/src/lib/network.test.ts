import { describe, expect, it } from 'vitest';
import { isSlowConnection } from './network';

const nav = (effectiveType?: string) => ({ connection: effectiveType ? { effectiveType } : undefined }) as unknown as Navigator;

describe('isSlowConnection', () => {
  it('is true on 2g, slow-2g and 3g', () => {
    expect(isSlowConnection(nav('2g'))).toBe(true);
    expect(isSlowConnection(nav('slow-2g'))).toBe(true);
    expect(isSlowConnection(nav('3g'))).toBe(true);
  });

  it('is false on 4g or when the browser does not say', () => {
    expect(isSlowConnection(nav('4g'))).toBe(false);
    expect(isSlowConnection(nav())).toBe(false);
  });
});
