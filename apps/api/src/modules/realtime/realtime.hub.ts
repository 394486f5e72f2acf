/**
 * The sockets this process holds, by user, and the delivery of events to them.
 *
 * Every event is a row of realtime_events, announced by NOTIFY parkly_realtime with its id when its
 * transaction commits (publish.ts). The hub LISTENs (one connection per process), reads the announced
 * rows that belong to users with a socket here, and sends each to that user's sockets.
 *
 * A socket starts "catching up": after `hello` the client sends `resume {after_id}`; the hub sends the
 * user's stored events after that id, oldest first, then what arrived live meanwhile, then live events
 * as they come. Each socket remembers which ids it has been sent, so an event is never sent twice even
 * when it is both in the catch-up and announced live.
 *
 * Each socket belongs to the session its ticket was taken with. A `signed_out` event (sessions ended:
 * logout, a password change or reset, deletion, suspension) closes the sockets of the sessions it names,
 * or all of the user's when it names none, on whichever instance holds them.
 *
 * Sends never wait: ws queues the frame; a socket whose queue grows past SEND_BUFFER_LIMIT (a slow or
 * stalled client) is closed with 4408, and its client reconnects and resumes, so nothing is lost and no
 * socket holds up the others.
 */
import { REALTIME_CLOSE, REALTIME_PING_INTERVAL_MS, clientFrameSchema, type ServerFrame } from '@parkly/shared/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { markLeft, markOnline } from './presence.repository';
import { REALTIME_CHANNEL, eventsAfter, eventsByIds, helloState, type EventRow, type SocketSession } from './realtime.repository';

/** The part of a `ws` WebSocket the hub uses. */
export interface HubSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): unknown;
  on(event: 'close' | 'error', listener: (...args: unknown[]) => void): unknown;
}

const OPEN = 1;
/** a socket with more than this queued and unsent is too slow: it is closed (it will reconnect and resume) */
export const SEND_BUFFER_LIMIT = 1024 * 1024;
/** live events held for a socket that has not sent `resume` yet */
const PENDING_LIMIT = 500;
/** catch-up reads this many stored events at a time */
const CATCH_UP_PAGE = 500;
/** a socket remembers this many sent ids (enough to cover any overlap of catch-up and live) */
const SENT_MEMORY = 2_000;

interface Conn {
  socket: HubSocket;
  userId: string;
  sessionId: string;
  /** null while catching up; then every event goes straight out */
  pending: EventRow[] | null;
  resumed: boolean;
  sent: Set<number>;
  /** the newest id sent (or resumed after): where a resync starts */
  lastId: number;
  alive: boolean;
}

export class RealtimeHub {
  private byUser = new Map<string, Set<Conn>>();
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private closing = false;
  /** ids announced while a fetch is in flight are batched into the next one */
  private queued: number[] = [];
  private fetching = false;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly pingEveryMs = REALTIME_PING_INTERVAL_MS,
  ) {}

  /** Starts listening and the heartbeat. Without LISTEN support (none here), sockets still get catch-up. */
  async start() {
    if (this.db.listen) {
      this.unlisten = await this.db.listen(REALTIME_CHANNEL, (payload) => this.announced(payload), () => this.resync());
    }
    this.heartbeat = setInterval(() => this.beat(), this.pingEveryMs);
    this.heartbeat.unref();
  }

  async stop() {
    this.closing = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const conns of this.byUser.values()) for (const c of conns) c.socket.close(REALTIME_CLOSE.restart, 'server restarting');
    this.byUser.clear();
    await this.unlisten?.().catch(() => undefined);
  }

  /** How many sockets this process holds (all users). */
  get size() {
    let n = 0;
    for (const conns of this.byUser.values()) n += conns.size;
    return n;
  }

  /**
   * Takes a socket whose ticket was good: says hello, then waits for `resume`. Its session is checked
   * once more after the socket is registered, so a session ended in between (its signed_out read before
   * this socket was here to close) cannot keep it open.
   */
  async accept(socket: HubSocket, { userId, sessionId }: SocketSession) {
    const conn: Conn = { socket, userId, sessionId, pending: [], resumed: false, sent: new Set(), lastId: 0, alive: true };
    let conns = this.byUser.get(userId);
    if (!conns) this.byUser.set(userId, (conns = new Set()));
    conns.add(conn);
    socket.on('close', () => this.remove(conn));
    socket.on('error', () => this.remove(conn));
    socket.on('message', (data, isBinary) => void this.received(conn, data, isBinary));
    await this.markOnline([userId]);
    try {
      const state = await helloState(this.db, { userId, sessionId });
      if (!state.live) return socket.close(REALTIME_CLOSE.signedOut, 'signed out');
      this.send(conn, { kind: 'hello', user_id: userId, last_id: state.lastId });
    } catch (err) {
      this.log.warn({ err }, 'realtime: hello failed');
      socket.close(1011, 'try again');
    }
  }

  private remove(conn: Conn) {
    const conns = this.byUser.get(conn.userId);
    if (!conns?.delete(conn)) return;
    if (conns.size > 0) return;
    this.byUser.delete(conn.userId);
    if (!this.closing) void markLeft(this.db, conn.userId).catch((err: unknown) => this.log.warn({ err }, 'realtime: presence update failed'));
  }

  /** Presence (presence.repository.ts): online for two heartbeats more, so one late beat does not count as gone. */
  private markOnline(userIds: string[]) {
    return markOnline(this.db, userIds, this.pingEveryMs * 2).catch((err: unknown) => this.log.warn({ err }, 'realtime: presence update failed'));
  }

  private async received(conn: Conn, data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) {
    conn.alive = true;
    if (isBinary) return;
    let frame;
    try {
      frame = clientFrameSchema.safeParse(JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : String(data)));
    } catch {
      return;
    }
    if (!frame.success) return;
    if (frame.data.kind === 'resume' && !conn.resumed) {
      conn.resumed = true;
      await this.catchUp(conn, frame.data.after_id).catch((err) => {
        this.log.warn({ err }, 'realtime: catch-up failed');
        conn.socket.close(1011, 'try again');
      });
    }
  }

  /** Sends the stored events after `afterId`, then what came live meanwhile, then goes live. */
  private async catchUp(conn: Conn, afterId: number) {
    conn.lastId = Math.max(conn.lastId, afterId);
    let after = afterId;
    for (;;) {
      const rows = await eventsAfter(this.db, conn.userId, after, CATCH_UP_PAGE);
      for (const row of rows) this.sendEvent(conn, row);
      if (rows.length < CATCH_UP_PAGE || !this.isOpen(conn)) break;
      after = rows[rows.length - 1]!.id;
    }
    const pending = conn.pending ?? [];
    conn.pending = null;
    // announced live while catching up: new to this client (sendEvent skips those the catch-up sent)
    for (const row of pending.sort((a, b) => a.id - b.id)) this.sendEvent(conn, row);
  }

  /** NOTIFY payload: "id,id,...". */
  private announced(payload: string) {
    for (const part of payload.split(',')) {
      const id = Number(part);
      if (Number.isSafeInteger(id) && id > 0) this.queued.push(id);
    }
    void this.drain();
  }

  private async drain() {
    if (this.fetching) return;
    this.fetching = true;
    try {
      while (this.queued.length && !this.closing) {
        const ids = this.queued.splice(0, 1_000);
        const users = [...this.byUser.keys()];
        if (users.length === 0) continue;
        let rows: EventRow[];
        try {
          rows = await eventsByIds(this.db, ids, users);
        } catch (err) {
          if (!this.closing) this.log.warn({ err }, 'realtime: reading announced events failed');
          continue;
        }
        for (const row of rows) {
          this.deliver(row);
          // live only: a catch-up of an old signed_out must not close a later, valid session's socket
          if (row.type === 'signed_out') this.closeSessions(row.user_id, sessionIdsOf(row.data), REALTIME_CLOSE.signedOut, 'signed out');
        }
      }
    } finally {
      this.fetching = false;
    }
  }

  /** Closes the sockets this instance holds for these sessions of the user (null: all of the user's sockets). */
  closeSessions(userId: string, sessionIds: readonly string[] | null, code: number, reason: string) {
    for (const conn of this.byUser.get(userId) ?? []) {
      if (sessionIds === null || sessionIds.includes(conn.sessionId)) conn.socket.close(code, reason);
    }
  }

  /** Gives an event to every socket of its user here. */
  deliver(row: EventRow) {
    const conns = this.byUser.get(row.user_id);
    if (!conns) return;
    for (const conn of conns) {
      if (conn.pending) {
        if (conn.pending.length >= PENDING_LIMIT) conn.socket.close(REALTIME_CLOSE.tooSlow, 'resume was not sent');
        else conn.pending.push(row);
      } else this.sendEvent(conn, row);
    }
  }

  /** After the LISTEN connection was lost and re-opened: each live socket gets what it may have missed. */
  private resync() {
    for (const conns of this.byUser.values()) {
      for (const conn of conns) {
        if (conn.pending) continue;
        conn.pending = [];
        void this.catchUp(conn, conn.lastId).catch(() => conn.socket.close(1011, 'try again'));
      }
    }
  }

  private isOpen(conn: Conn) {
    return conn.socket.readyState === OPEN;
  }

  private sendEvent(conn: Conn, row: EventRow) {
    if (conn.sent.has(row.id)) return;
    conn.sent.add(row.id);
    if (row.id > conn.lastId) conn.lastId = row.id;
    if (conn.sent.size > SENT_MEMORY) conn.sent.delete(conn.sent.values().next().value!);
    const createdAt = row.created_at instanceof Date ? row.created_at.toISOString() : new Date(row.created_at).toISOString();
    this.send(conn, { kind: 'event', id: row.id, type: row.type, data: row.data, created_at: createdAt });
  }

  private send(conn: Conn, frame: ServerFrame) {
    if (!this.isOpen(conn)) return;
    if (conn.socket.bufferedAmount > SEND_BUFFER_LIMIT) {
      // too far behind: let it reconnect and resume rather than queue without end
      this.remove(conn);
      conn.socket.close(REALTIME_CLOSE.tooSlow, 'too slow');
      return;
    }
    conn.socket.send(JSON.stringify(frame));
  }

  /** Pings every socket; one that did not answer (or send anything) since the last ping is dropped. */
  private beat() {
    const t = Date.now();
    for (const conns of this.byUser.values()) {
      for (const conn of [...conns]) {
        if (!conn.alive) {
          this.remove(conn);
          conn.socket.terminate();
          continue;
        }
        conn.alive = false;
        this.send(conn, { kind: 'ping', t });
      }
    }
    void this.markOnline([...this.byUser.keys()]);
  }
}

/** The sessions a signed_out event names, or null when it names none (then every socket of the user goes). */
function sessionIdsOf(data: unknown): string[] | null {
  const ids = (data as { session_ids?: unknown } | null)?.session_ids;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : null;
}
