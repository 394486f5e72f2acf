import { describe, expect, it } from 'vitest';
import { base64UrlToBytes } from './base64url';

describe('base64UrlToBytes', () => {
  it('decodes the url-safe alphabet without padding', () => {
    // 0xfb 0xff 0xbf is "+/+/" in base64 and "-_-_" in base64url
    expect([...base64UrlToBytes('-_-_')]).toEqual([0xfb, 0xff, 0xbf]);
    expect([...base64UrlToBytes('AQ')]).toEqual([1]);
  });

  it('gives the 65 bytes of an uncompressed P-256 VAPID key', () => {
    const key = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
    expect(base64UrlToBytes(key)).toHaveLength(65);
  });
});
