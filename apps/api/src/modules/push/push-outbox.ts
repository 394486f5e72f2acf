/**
 * The push outbox's sender: claims due pushes (written by notify() in the transaction of the change
 * that caused them: notifications.repository.ts), sends each once per claim, and records the outcome.
 * It runs when kicked (the NOTIFY of the statement that wrote pushes, heard at its commit, on every
 * instance), when a retry falls due, and on a sweep (with the workers) that picks up rows a crash left.
 * Why it is built this way: docs/decisions/029-push-outbox.md.
 */
import type { Database, Queryable } from '../../db/database';
import { claimDuePushes, deleteSentPushes, markPushAttemptsFailed, PUSH_CHANNEL, tidyPushOutbox, type ClaimedPush } from './push-outbox.repository';
import { deleteSubscription } from './push.repository';
import { attemptPush, encodePayload, logGiveUp, pushCounters, PUSH_RETRY_DELAYS_MS, type PushSender } from './push.service';

/** How long a claim is the claimer's: far beyond one attempt (PUSH_TIMEOUT_MS) for a whole batch. */
export const PUSH_SEND_LEASE_MS = 60_000;
/** Pushes claimed (and sent in parallel) at once. */
export const PUSH_BATCH = 10;
/** How often the sweep looks for pushes nobody was kicked for (a crash between commit and send) and tidies. */
export const PUSH_SWEEP_EVERY_MS = 5_000;

export interface PushOutboxOptions {
  db: Queryable;
  /** the sender at the time of sending (the app registers one: push.routes.ts); none, nothing is sent */
  sender: () => PushSender | null;
  log: { warn(obj: object, msg: string): void };
  batch?: number;
  leaseMs?: number;
}

export interface PushOutbox {
  /** Sends what is due now, claim after claim until nothing is left; returns how many it tried. Never throws. */
  runOnce(): Promise<number>;
  /** runOnce now, or once more right after the run under way (kicks while running fold into one). */
  kick(): void;
  /** The sweep: tidies (gives up abandoned rows, drops stale ones), then runOnce. */
  sweep(): Promise<number>;
  /** LISTENs for the commits that wrote pushes (when the database can) and kicks on each; returns the stop. */
  listen(db: Database): Promise<() => Promise<void>>;
  /** Stops kicking and retry timers; waits for the run under way. */
  close(): Promise<void>;
}

const describe = (err: unknown) => {
  const e = err as { statusCode?: number; code?: string; message?: string } | null;
  return [e?.statusCode, e?.code, e?.message ?? String(err)].filter((p) => p !== undefined && p !== '').join(' ').slice(0, 500);
};

export function createPushOutbox(opts: PushOutboxOptions): PushOutbox {
  const batch = opts.batch ?? PUSH_BATCH;
  const leaseMs = opts.leaseMs ?? PUSH_SEND_LEASE_MS;
  let running: Promise<number> | null = null;
  let again = false;
  let closed = false;
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const retryLater = (ms: number) => {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      kick();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  /** One claimed batch: each push to its device, then the outcomes in at most three statements. */
  async function sendBatch(claimed: ClaimedPush[], sender: PushSender) {
    const delays = sender.retryDelaysMs ?? PUSH_RETRY_DELAYS_MS;
    const maxAttempts = delays.length + 1;
    const sent: string[] = [];
    const gone: string[] = [];
    const failed: Parameters<typeof markPushAttemptsFailed>[1] = [];
    const retryOrGiveUp = (push: ClaimedPush, err: unknown, retryAfterMs?: number) => {
      if (push.attempts >= maxAttempts) {
        logGiveUp(sender, push, err, push.attempts);
        pushCounters.failed();
        failed.push({ push, error: describe(err), retryInMs: null });
      } else {
        failed.push({ push, error: describe(err), retryInMs: Math.max(delays[push.attempts - 1]!, retryAfterMs ?? 0) });
      }
    };
    pushCounters.inFlight(claimed.length);
    try {
      const vapid = await sender.vapid();
      await Promise.all(
        claimed.map(async (push) => {
          const result = await attemptPush(push, encodePayload(push.payload), vapid, sender);
          if (result.outcome === 'sent') sent.push(push.id);
          else if (result.outcome === 'gone' || result.outcome === 'refused') gone.push(push.endpoint);
          else if (result.outcome === 'transient') retryOrGiveUp(push, result.err, result.retryAfterMs);
          else {
            pushCounters.failed();
            failed.push({ push, error: describe(result.err), retryInMs: null });
          }
        }),
      );
    } catch (err) {
      // no keys to sign with: every push of the batch waits for another attempt
      sender.log.warn({ err }, 'push could not be sent');
      for (const push of claimed) retryOrGiveUp(push, err);
    } finally {
      pushCounters.inFlight(-claimed.length);
    }
    await deleteSentPushes(opts.db, sent);
    // the device is gone for good: its subscription goes, and with it every push still waiting for it
    for (const endpoint of new Set(gone)) await deleteSubscription(opts.db, endpoint);
    await markPushAttemptsFailed(opts.db, failed);
    for (const wait of new Set(failed.flatMap((f) => (f.retryInMs === null ? [] : [f.retryInMs])))) retryLater(wait);
  }

  async function drain(): Promise<number> {
    let tried = 0;
    const sender = opts.sender();
    if (!sender) return 0;
    const maxAttempts = (sender.retryDelaysMs ?? PUSH_RETRY_DELAYS_MS).length + 1;
    for (;;) {
      const claimed = await claimDuePushes(opts.db, batch, leaseMs, maxAttempts);
      if (claimed.length === 0) return tried;
      tried += claimed.length;
      await sendBatch(claimed, sender);
      if (claimed.length < batch) return tried;
    }
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    const run = async () => {
      let tried = 0;
      do {
        again = false;
        try {
          tried += await drain();
        } catch (err) {
          opts.log.warn({ err }, 'push outbox run failed');
        }
      } while (again && !closed);
      return tried;
    };
    running = run().finally(() => (running = null));
    return running;
  }

  function kick() {
    if (!closed) void runOnce();
  }

  return {
    runOnce,
    kick,
    async sweep() {
      const sender = opts.sender();
      try {
        await tidyPushOutbox(opts.db, (sender?.retryDelaysMs ?? PUSH_RETRY_DELAYS_MS).length + 1);
      } catch (err) {
        opts.log.warn({ err }, 'push outbox tidy failed');
      }
      return runOnce();
    },
    async listen(db) {
      if (!db.listen) return async () => undefined;
      // after a lost connection the commits in between went unheard: a run picks up what they wrote
      return db.listen(PUSH_CHANNEL, kick, kick);
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await running;
    },
  };
}
