/**
 * The messages, sent at a steady rate from the benchmark's own process (not the API's), each carrying
 * its number and the wall-clock time it was sent:
 * - publish: `publish()` of the app's realtime module on a connection of our own, one event to one
 *   user: the row and its NOTIFY, which the API process hears on its LISTEN connection, as when
 *   another instance publishes;
 * - chat: `POST chat-rooms/:id/messages` over HTTP from one party of a room to the other, the whole
 *   path of a chat message (auth, room check, insert, notification, unread count, two publishes).
 * Open loop: a message is due every 1/rate s whatever the answers; when `maxInFlight` are already
 * waiting, a due message is skipped and counted, so a saturated path shows as a lower achieved rate.
 */
import { Agent, request } from 'node:http';
import { API_BASE } from '@parkly/shared/constants';
import type { Database } from '../../apps/api/src/db/database';
import { publish, REALTIME_CHANNEL } from '../../apps/api/src/modules/realtime/publish';
import { wallNow } from './protocol';
import type { BenchPeople } from './setup';

export interface LoadResult {
  /** numbers of the messages that were accepted (committed, or 201) */
  ok: number[];
  due: number;
  skipped: number;
  failed: number;
  firstError?: string;
  statuses: Record<string, number>;
  /** the sender's wait for each accepted call (commit, or the HTTP answer) */
  callMs: number[];
  elapsedMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Calls `send(seq)` `rate` times a second for `durationMs`, at most `maxInFlight` at once. */
async function paced(rate: number, durationMs: number, maxInFlight: number, firstSeq: number, send: (seq: number) => Promise<string>) {
  const r: LoadResult = { ok: [], due: 0, skipped: 0, failed: 0, statuses: {}, callMs: [], elapsedMs: 0 };
  const total = Math.round((rate * durationMs) / 1000);
  let inFlight = 0;
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  while (r.due < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000));
    for (; r.due < due; r.due += 1) {
      if (inFlight >= maxInFlight) {
        r.skipped += 1;
        continue;
      }
      const seq = firstSeq + r.due;
      const t0 = performance.now();
      inFlight += 1;
      const p = send(seq).then(
        (status) => {
          r.statuses[status] = (r.statuses[status] ?? 0) + 1;
          if (status === 'ok' || status === '201') {
            r.ok.push(seq);
            r.callMs.push(performance.now() - t0);
          } else r.failed += 1;
        },
        (err: Error) => {
          r.failed += 1;
          r.firstError ??= err.message;
        },
      );
      const tracked = p.finally(() => {
        inFlight -= 1;
        pending.delete(tracked);
      });
      pending.add(tracked);
    }
    await sleep(1);
  }
  r.elapsedMs = performance.now() - started;
  await Promise.all(pending);
  return r;
}

/** One `bench` event a message to a random user among the first `connected`, through publish(). */
export function publishLoad(db: Database, people: BenchPeople, connected: number, o: { rate: number; durationMs: number; maxInFlight: number; firstSeq: number }) {
  return paced(o.rate, o.durationMs, o.maxInFlight, o.firstSeq, async (seq) => {
    const user = people.users[Math.floor(Math.random() * connected)]!;
    await publish(db, [user.id], { type: 'bench', data: { seq, t: wallNow() } });
    return 'ok';
  });
}

/**
 * Not the app's path: what publishing would cost if the event row were written without NOTIFY and
 * the ids announced after the commit, many to a NOTIFY, from one notifier per process. A transaction
 * that writes and NOTIFYs holds PostgreSQL's notify lock through its commit's WAL flush, so such
 * commits go one at a time; a NOTIFY alone writes nothing and needs no flush.
 */
export function batchedPublishLoad(db: Database, people: BenchPeople, connected: number, o: { rate: number; durationMs: number; maxInFlight: number; firstSeq: number }) {
  const queued: number[] = [];
  let flushing: Promise<void> | null = null;
  const flush = async () => {
    while (queued.length) {
      const ids = queued.splice(0, 800);
      await db.query(`SELECT pg_notify('${REALTIME_CHANNEL}', $1)`, [ids.join(',')]);
    }
    flushing = null;
  };
  return paced(o.rate, o.durationMs, o.maxInFlight, o.firstSeq, async (seq) => {
    const user = people.users[Math.floor(Math.random() * connected)]!;
    const [row] = await db.query<{ id: number }>(`INSERT INTO realtime_events (user_id, type, data) VALUES ($1, 'bench', $2::jsonb) RETURNING id`, [
      user.id,
      JSON.stringify({ seq, t: wallNow() }),
    ]);
    queued.push(row!.id);
    flushing ??= flush();
    await flushing;
    return 'ok';
  });
}

/** A chat message from one party of a random room (both parties among the first `connected`) to the other. */
export function chatLoad(port: number, people: BenchPeople, connected: number, o: { rate: number; durationMs: number; maxInFlight: number; firstSeq: number }) {
  const agent = new Agent({ keepAlive: true, maxSockets: o.maxInFlight });
  const rooms = Math.floor(connected / 2);
  return paced(o.rate, o.durationMs, o.maxInFlight, o.firstSeq, (seq) => {
    const room = Math.floor(Math.random() * rooms);
    const sender = people.users[2 * room + (Math.random() < 0.5 ? 0 : 1)]!;
    const body = JSON.stringify({ text: `bench ${seq} ${wallNow()}` });
    return new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: `${API_BASE}/chat-rooms/${people.rooms[room]}/messages`,
          method: 'POST',
          agent,
          headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(String(res.statusCode)));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }).finally(() => agent.destroy());
}
