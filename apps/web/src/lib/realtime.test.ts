import { describe, expect, it } from 'vitest';
import { backoffDelay, realtimeUrl } from './realtime';

describe('realtime client', () => {
  it('backs off exponentially with jitter, capped at 30 s', () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(0, () => 1)).toBe(1_000);
    expect(backoffDelay(3, () => 1)).toBe(8_000);
    expect(backoffDelay(3, () => 0)).toBe(4_000);
    expect(backoffDelay(20, () => 1)).toBe(30_000);
  });

  it('opens the socket on the page host, wss under https', () => {
    expect(realtimeUrl('a b', { protocol: 'https:', host: 'parkly.example' })).toBe('wss://parkly.example/backend/api/v1/realtime?ticket=a%20b');
    expect(realtimeUrl('t', { protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/backend/api/v1/realtime?ticket=t');
  });
});
