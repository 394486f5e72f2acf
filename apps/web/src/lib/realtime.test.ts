import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_CLOSE } from '@parkly/shared/realtime-protocol';
import { setApiTransport } from './api-client';
import { backoffDelay, realtime, realtimeUrl } from './realtime';

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

/** A stand-in for the browser's WebSocket: records what the client sends; the test plays the server. */
class FakeSocket {
  static OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: { kind: string; after_id?: number }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((msg: { data: string }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as { kind: string; after_id?: number });
  }
  close() {}
  /** the server's side */
  frame(f: object) {
    this.readyState = 1;
    this.onmessage?.({ data: JSON.stringify(f) });
  }
  closeFromServer(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

describe('realtime client reconnection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('window', { location: { protocol: 'https:', host: 'parkly.example' }, localStorage: undefined });
    let n = 0;
    setApiTransport(async () => new Response(JSON.stringify({ ticket: `ticket-${++n}` }), { status: 200 }));
  });
  afterEach(() => {
    realtime.setToken(null);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('after a 1012 (an instance restarting) it reconnects with a new ticket and resumes after the last event it saw', async () => {
    const got: number[] = [];
    const off = realtime.on('message', (_data, meta) => got.push(meta.id));
    realtime.setToken('token');
    await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(1));
    const first = FakeSocket.made[0]!;
    expect(first.url).toBe('wss://parkly.example/backend/api/v1/realtime?ticket=ticket-1');
    first.frame({ kind: 'hello', user_id: 'u1', last_id: 40 });
    expect(first.sent).toEqual([{ kind: 'resume', after_id: 40 }]);
    first.frame({ kind: 'event', id: 41, type: 'message', data: {}, created_at: new Date().toISOString() });
    expect(realtime.connected).toBe(true);

    first.closeFromServer(REALTIME_CLOSE.restart);
    expect(realtime.connected).toBe(false);
    // the first retry comes within a second (0.5 to 1 s), on another instance through the load balancer
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(2));
    const second = FakeSocket.made[1]!;
    expect(second.url).toContain('ticket=ticket-2');
    // events 42 and 43 were published meanwhile: the client asks for what came after 41
    second.frame({ kind: 'hello', user_id: 'u1', last_id: 43 });
    expect(second.sent).toEqual([{ kind: 'resume', after_id: 41 }]);
    second.frame({ kind: 'event', id: 42, type: 'message', data: {}, created_at: new Date().toISOString() });
    second.frame({ kind: 'event', id: 43, type: 'message', data: {}, created_at: new Date().toISOString() });
    expect(got).toEqual([41, 42, 43]);
    off();
  });
});
