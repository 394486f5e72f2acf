import { DEVICE_TOKEN_FALLBACK, PUSH_REFRESH_MS } from '@parkly/shared/constants';
import { describe, expect, it } from 'vitest';
import { isRefreshDue } from './push-subscription';

describe('isRefreshDue', () => {
  const now = 1_750_000_000_000;
  it('is due without a stored subscription or with the fallback', () => {
    expect(isRefreshDue(null, null, now)).toBe(true);
    expect(isRefreshDue(DEVICE_TOKEN_FALLBACK, String(now), now)).toBe(true);
  });

  it('is not due within 7 days and due after', () => {
    expect(isRefreshDue('{"endpoint":"x"}', String(now - PUSH_REFRESH_MS + 1000), now)).toBe(false);
    expect(isRefreshDue('{"endpoint":"x"}', String(now - PUSH_REFRESH_MS - 1000), now)).toBe(true);
    expect(isRefreshDue('{"endpoint":"x"}', 'not a time', now)).toBe(true);
  });
});
