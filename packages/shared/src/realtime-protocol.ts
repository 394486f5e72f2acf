/**
 * Realtime (DESIGN section 5) without zod, so the app shell's socket client stays small: the events the
 * WebSocket at `GET realtime?ticket=` carries, its frames and constants. `realtime.ts` re-exports all of
 * this with the zod schemas the server validates with.
 *
 * The server stores each event with an increasing id; the client remembers the last id it saw and sends
 * `resume {after_id}` on every (re)connect to get what it missed, in order and once, before live events.
 */

/** Each event type and its data. */
export interface RealtimeEventMap {
  /** a notification was stored for the user; `is_read: 0`: the bell shows its dot */
  notification: { notification_id?: string; title: string; is_read: 0 | 1 };
  /** a chat message in a room the user is part of (the message as the chat API answers it) */
  message: { room_id: string; message: unknown };
  /** a read receipt: `reader_id` has read the room up to and including `up_to_message_id` */
  read: { room_id: string; reader_id: string; up_to_message_id: string };
  /** unread counts (each absent when the sender does not know it) */
  unread: { notifications?: number; messages?: number };
  /** a booking's status changed */
  booking: { booking_id: string; status: string };
  /**
   * sessions of the user ended: the sockets of the sessions in `session_ids` (every socket of the user
   * when absent) are closed with `REALTIME_CLOSE.signedOut` right after this event, on whichever
   * instance holds them; a catch-up never acts on it
   */
  signed_out: { reason: SignedOutReason; session_ids?: string[] };
}
/** Why sessions ended: a logout, a password change (the other devices), a reset, the account deleted or suspended. */
export type SignedOutReason = 'logged_out' | 'password_changed' | 'password_reset' | 'account_deleted' | 'suspended';
export type RealtimeEventType = keyof RealtimeEventMap;
export type RealtimeEventData<T extends RealtimeEventType> = RealtimeEventMap[T];
export type RealtimeEventOf<T extends RealtimeEventType> = { type: T; data: RealtimeEventMap[T] };
export type RealtimeEvent = { [T in RealtimeEventType]: RealtimeEventOf<T> }[RealtimeEventType];

export interface RealtimeTicketAnswer {
  ticket: string;
}

/** A ticket is good for this long after `POST realtime/ticket`, and once. */
export const REALTIME_TICKET_TTL_SECONDS = 30;
/** The server pings this often; a socket that has not answered by the next ping is dropped. */
export const REALTIME_PING_INTERVAL_MS = 25_000;

/** Close codes (4000-4999 are the application's); after any of them the client reconnects and resumes. */
export const REALTIME_CLOSE = {
  /** the socket fell too far behind (its send buffer was full) or never sent `resume` */
  tooSlow: 4408,
  /** no sign of life (the client's own watchdog) */
  timeout: 4409,
  /** the instance is shutting down or restarting ("service restart", after its drain window): reconnect, through the load balancer to another instance */
  restart: 1012,
  /** the socket's session ended (a `signed_out` event came first); a new ticket is refused */
  signedOut: 4401,
} as const;

/** Server to client. `event.id` increases; remember the last one for `resume`. */
export type ServerFrame =
  | { kind: 'hello'; user_id: string; last_id: number }
  | { kind: 'event'; id: number; type: string; data: unknown; created_at: string }
  | { kind: 'ping'; t: number };

/** Client to server. `resume` asks for the events after `after_id` (a first connection: `hello.last_id`). */
export type ClientFrame = { kind: 'resume'; after_id: number } | { kind: 'pong'; t?: number };

/** A server frame from a text message, or null for anything else. */
export function parseServerFrame(text: string): ServerFrame | null {
  let f: Record<string, unknown>;
  try {
    f = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof f !== 'object' || f === null) return null;
  if (f.kind === 'hello' && typeof f.user_id === 'string' && typeof f.last_id === 'number') return f as ServerFrame;
  if (f.kind === 'event' && typeof f.id === 'number' && typeof f.type === 'string' && typeof f.created_at === 'string') return f as ServerFrame;
  if (f.kind === 'ping' && typeof f.t === 'number') return f as ServerFrame;
  return null;
}
