/**
 * The realtime client (DESIGN section 5): one WebSocket per tab while someone is signed in. It gets a
 * single-use ticket from `POST realtime/ticket`, opens `GET realtime?ticket=`, answers the server's
 * heartbeats, reconnects with exponential backoff and jitter, and on every (re)connect resumes from
 * the last event id it saw, so nothing sent while it was away is lost. Screens listen with
 * `useRealtimeEvent(type, handler)`. When the socket is unavailable nothing breaks: the screens keep
 * their polling as the fallback.
 */
import { API_BASE } from '@parkly/shared/constants';
import {
  REALTIME_CLOSE,
  REALTIME_PING_INTERVAL_MS,
  parseServerFrame,
  type ClientFrame,
  type RealtimeEventData,
  type RealtimeEventType,
  type RealtimeTicketAnswer,
} from '@parkly/shared/realtime-protocol';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { ApiError, apiFetch } from './api-client';
import { useToken } from './use-session';

/** What a handler gets besides the event's data. */
export interface RealtimeMeta {
  id: number;
  created_at: string;
}
type AnyHandler = (data: unknown, meta: RealtimeMeta) => void;

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
/** No frame at all (not even a ping) for this long: the connection is dead, even if the browser has not noticed. */
const SILENCE_LIMIT_MS = REALTIME_PING_INTERVAL_MS * 2 + 5_000;

/** Full jitter: a random wait up to base * 2^attempt, capped, so many tabs do not reconnect at once. */
export function backoffDelay(attempt: number, random: () => number = Math.random) {
  const cap = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempt, 10));
  return Math.round(cap / 2 + (random() * cap) / 2);
}

export function realtimeUrl(ticket: string, loc: Pick<Location, 'protocol' | 'host'> = window.location) {
  const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${loc.host}${API_BASE}/realtime?ticket=${encodeURIComponent(ticket)}`;
}

class RealtimeClient {
  private handlers = new Map<string, Set<AnyHandler>>();
  private statusListeners = new Set<() => void>();
  private token: string | null = null;
  private socket: WebSocket | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private silence: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  /** the last event id seen for the signed-in user; null before the first hello */
  private lastId: number | null = null;
  private userId: string | null = null;
  /** bumped at every start/stop, so a late answer of an old attempt is ignored */
  private generation = 0;
  connected = false;

  /** Connects for this token (or disconnects with null). The same token again changes nothing. */
  setToken(token: string | null) {
    if (token === this.token) return;
    this.stop();
    this.token = token;
    this.lastId = null;
    this.userId = null;
    if (token && typeof WebSocket !== 'undefined') void this.connect();
  }

  /** The network is back: try now rather than at the end of the backoff. */
  reconnectNow() {
    if (!this.token || this.socket || !this.retry) return;
    clearTimeout(this.retry);
    this.retry = null;
    this.attempt = 0;
    void this.connect();
  }

  on(type: string, handler: AnyHandler) {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    set.add(handler);
    return () => void set.delete(handler);
  }

  subscribeStatus = (listener: () => void) => {
    this.statusListeners.add(listener);
    return () => void this.statusListeners.delete(listener);
  };

  private setConnected(next: boolean) {
    if (this.connected === next) return;
    this.connected = next;
    this.statusListeners.forEach((l) => l());
  }

  private stop() {
    this.generation++;
    if (this.retry) clearTimeout(this.retry);
    if (this.silence) clearTimeout(this.silence);
    this.retry = this.silence = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = socket.onmessage = socket.onerror = socket.onopen = null;
      socket.close(1000);
    }
    this.attempt = 0;
    this.setConnected(false);
  }

  private scheduleReconnect() {
    if (!this.token || this.retry) return;
    const delay = backoffDelay(this.attempt++);
    const generation = this.generation;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (generation === this.generation) void this.connect();
    }, delay);
  }

  private async connect() {
    const generation = this.generation;
    let ticket: string;
    try {
      ({ ticket } = await apiFetch<RealtimeTicketAnswer>('realtime/ticket', { method: 'POST' }));
    } catch (err) {
      if (generation !== this.generation) return;
      // signed out: the API client runs the unauthenticated flow; nothing to reconnect to
      if (err instanceof ApiError && err.status === 401) return;
      this.scheduleReconnect();
      return;
    }
    if (generation !== this.generation) return;
    let socket: WebSocket;
    try {
      socket = new WebSocket(realtimeUrl(ticket));
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.heardFrom(socket);
    socket.onmessage = (msg) => this.receive(socket, msg.data);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.silence) clearTimeout(this.silence);
      this.setConnected(false);
      // whatever the code (going away, too slow, a refused upgrade), try again after a wait with a new ticket
      this.scheduleReconnect();
    };
    socket.onerror = () => undefined;
  }

  /** Restarts the silence watchdog: a socket that hears nothing for too long is closed and replaced. */
  private heardFrom(socket: WebSocket) {
    if (this.silence) clearTimeout(this.silence);
    this.silence = setTimeout(() => {
      if (this.socket === socket) socket.close(REALTIME_CLOSE.timeout);
    }, SILENCE_LIMIT_MS);
  }

  private send(socket: WebSocket, frame: ClientFrame) {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
  }

  private receive(socket: WebSocket, raw: unknown) {
    if (this.socket !== socket || typeof raw !== 'string') return;
    this.heardFrom(socket);
    const frame = parseServerFrame(raw);
    if (!frame) return;
    if (frame.kind === 'ping') {
      this.send(socket, { kind: 'pong', t: frame.t });
    } else if (frame.kind === 'hello') {
      // another account on this socket (should not happen): start its history afresh
      if (this.userId !== frame.user_id) this.lastId = null;
      this.userId = frame.user_id;
      // first connection: live from now on; a reconnection: everything after the last event seen
      this.send(socket, { kind: 'resume', after_id: this.lastId ?? frame.last_id });
      this.lastId ??= frame.last_id;
      this.attempt = 0;
      this.setConnected(true);
    } else {
      if (this.lastId === null || frame.id > this.lastId) this.lastId = frame.id;
      const meta = { id: frame.id, created_at: frame.created_at };
      for (const handler of this.handlers.get(frame.type) ?? []) {
        try {
          handler(frame.data, meta);
        } catch (err) {
          console.error('Realtime handler failed', err);
        }
      }
    }
  }
}

/** One client per tab. */
export const realtime = new RealtimeClient();

/** Mounted once in the app shell: keeps the socket open while someone is signed in. */
export function useRealtimeConnection() {
  const token = useToken();
  useEffect(() => {
    realtime.setToken(token);
  }, [token]);
  useEffect(() => {
    const online = () => realtime.reconnectNow();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);
}

/** Calls handler for each event of this type (the latest handler; no need to memoise it). */
export function useRealtimeEvent<T extends RealtimeEventType>(type: T, handler: (data: RealtimeEventData<T>, meta: RealtimeMeta) => void) {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => realtime.on(type, (data, meta) => ref.current(data as RealtimeEventData<T>, meta)), [type]);
}

/** Whether the socket is up (e.g. to poll less often while it is). Always false on the server. */
export function useRealtimeConnected() {
  return useSyncExternalStore(
    realtime.subscribeStatus,
    () => realtime.connected,
    () => false,
  );
}
