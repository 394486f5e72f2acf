/**
 * The load generator, in a worker thread so it does not share the server's event loop. Two modes:
 * - `pairs`: `concurrency` lanes each book (POST bookings) and pay (POST bookings/:id/pay) one stay
 *   after another until the time is up; stay k goes to listing k mod N at hour (k div N) div U, so the
 *   U stays of a listing in one hour fit its U units and no two stays ever compete for a unit;
 * - `attempts`: a given list of stays (overlapping on purpose), each booked by its own guest, paid
 *   when the booking was accepted, `concurrency` at a time;
 * - `health`: `concurrency` lanes of GET health for a fixed time: the yardstick the budget is a share of.
 * Over keep-alive connections (node:http, as bench/search's load generator: the client's own CPU
 * is taken from the same two cores as the server's).
 */
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { API_BASE } from '@parkly/shared/constants';
import { procCpuMs } from './profile';

export interface Stay {
  /** index into tokens */
  guest: number;
  listing: string;
  start: string;
  end: string;
  /** more time after this booking of the same guest (decision 039) */
  extends_booking_id?: string;
  /** the guest's vehicle: a motorcycle takes one two-wheeler bay (decision 040); none is a car */
  vehicle_id?: string;
}

interface Common {
  port: number;
  tokens: string[];
  concurrency: number;
}

export interface PairsJob extends Common {
  mode: 'pairs';
  listings: string[];
  units: number;
  /** the first stay's start, a whole hour */
  baseMs: number;
  /** number of the first stay (a later run continues where the last one stopped) */
  firstStay: number;
  durationMs: number;
}

export interface AttemptsJob extends Common {
  mode: 'attempts';
  stays: Stay[];
}

export interface HealthJob extends Common {
  mode: 'health';
  durationMs: number;
}

export type DriveJob = PairsJob | AttemptsJob | HealthJob;

export interface PairsResult {
  /** per stay whose two calls both answered: the booking's, the payment's and the pair's time */
  bookMs: Float64Array;
  payMs: Float64Array;
  pairMs: Float64Array;
  /** per pair: 1 when booked (201) and paid (200, confirmed) */
  committed: Uint8Array;
  bookStatuses: Record<string, number>;
  payStatuses: Record<string, number>;
  errors: number;
  firstError?: string;
  stays: number;
  elapsedMs: number;
  /** CPU time of this thread (the load generator), from /proc */
  cpuMs: number;
}

export interface AttemptOutcome {
  book: number;
  code?: string;
  pay: number;
  bookMs: number;
  /** the booking's id when it was made (201) */
  id?: string;
}

export interface AttemptsResult {
  outcomes: AttemptOutcome[];
  errors: number;
  firstError?: string;
  elapsedMs: number;
  cpuMs: number;
}

export interface HealthResult {
  latencyMs: Float64Array;
  /** answers other than 200, and connection errors */
  failed: number;
  elapsedMs: number;
  cpuMs: number;
}

const job = workerData as DriveJob;
const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });
const CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' };
const HOUR = 3_600_000;

const threadCpuMs = () => procCpuMs('/proc/thread-self/stat');

function post(path: string, token: string, body: unknown): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return send('POST', path, payload, { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
}

function send(method: string, path: string, payload: string | undefined, headers: Record<string, string | number>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: job.port,
        path: `${API_BASE}/${path}`,
        method,
        agent,
        headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const bump = (m: Record<string, number>, k: number) => (m[k] = (m[k] ?? 0) + 1);
const parse = <T>(s: string): T | undefined => {
  try {
    return JSON.parse(s) as T;
  } catch {
    return undefined;
  }
};

async function runPairs(j: PairsJob): Promise<PairsResult> {
  const bookMs: number[] = [];
  const payMs: number[] = [];
  const pairMs: number[] = [];
  const committed: number[] = [];
  const bookStatuses: Record<string, number> = {};
  const payStatuses: Record<string, number> = {};
  let errors = 0;
  let firstError: string | undefined;
  let next = j.firstStay;
  const cpu0 = threadCpuMs();
  const started = performance.now();
  const deadline = started + j.durationMs;

  async function lane() {
    while (performance.now() < deadline) {
      const k = next++;
      const n = j.listings.length;
      const start = j.baseMs + Math.floor(Math.floor(k / n) / j.units) * HOUR;
      const stay = { parking_id: j.listings[k % n]!, start: new Date(start).toISOString(), end: new Date(start + HOUR).toISOString() };
      const token = j.tokens[k % j.tokens.length]!;
      try {
        const t0 = performance.now();
        const booked = await post('bookings', token, stay);
        const t1 = performance.now();
        bump(bookStatuses, booked.status);
        if (booked.status !== 201) {
          firstError ??= `POST bookings ${booked.status} ${booked.body.slice(0, 300)}`;
          continue;
        }
        const id = parse<{ result: { id: string } }>(booked.body)!.result.id;
        const paid = await post(`bookings/${id}/pay`, token, { card: CARD });
        const t2 = performance.now();
        bump(payStatuses, paid.status);
        const ok = paid.status === 200 && parse<{ result: { status: string } }>(paid.body)?.result.status === 'confirmed';
        if (!ok) firstError ??= `POST bookings/:id/pay ${paid.status} ${paid.body.slice(0, 300)}`;
        bookMs.push(t1 - t0);
        payMs.push(t2 - t1);
        pairMs.push(t2 - t0);
        committed.push(ok ? 1 : 0);
      } catch (err) {
        errors += 1;
        firstError ??= (err as Error).message;
      }
    }
  }
  await Promise.all(Array.from({ length: j.concurrency }, lane));
  return {
    bookMs: Float64Array.from(bookMs),
    payMs: Float64Array.from(payMs),
    pairMs: Float64Array.from(pairMs),
    committed: Uint8Array.from(committed),
    bookStatuses,
    payStatuses,
    errors,
    firstError,
    stays: next - j.firstStay,
    elapsedMs: performance.now() - started,
    cpuMs: threadCpuMs() - cpu0,
  };
}

async function runAttempts(j: AttemptsJob): Promise<AttemptsResult> {
  const outcomes: AttemptOutcome[] = new Array(j.stays.length);
  let errors = 0;
  let firstError: string | undefined;
  let next = 0;
  const cpu0 = threadCpuMs();
  const started = performance.now();

  async function lane() {
    while (next < j.stays.length) {
      const i = next++;
      const s = j.stays[i]!;
      const token = j.tokens[s.guest % j.tokens.length]!;
      try {
        const t0 = performance.now();
        const booked = await post('bookings', token, {
          parking_id: s.listing,
          start: s.start,
          end: s.end,
          ...(s.extends_booking_id && { extends_booking_id: s.extends_booking_id }),
          ...(s.vehicle_id && { vehicle_id: s.vehicle_id }),
        });
        const bookMs = performance.now() - t0;
        const answer = parse<{ code?: string; result?: { id: string } }>(booked.body);
        let pay = 0;
        if (booked.status === 201 && answer?.result) {
          pay = (await post(`bookings/${answer.result.id}/pay`, token, { card: CARD })).status;
        } else if (booked.status !== 409) {
          firstError ??= `POST bookings ${booked.status} ${booked.body.slice(0, 300)}`;
        }
        outcomes[i] = { book: booked.status, code: answer?.code, pay, bookMs, id: answer?.result?.id };
      } catch (err) {
        errors += 1;
        firstError ??= (err as Error).message;
        outcomes[i] = { book: 0, pay: 0, bookMs: NaN };
      }
    }
  }
  await Promise.all(Array.from({ length: j.concurrency }, lane));
  return { outcomes, errors, firstError, elapsedMs: performance.now() - started, cpuMs: threadCpuMs() - cpu0 };
}

async function runHealth(j: HealthJob): Promise<HealthResult> {
  const latencyMs: number[] = [];
  let failed = 0;
  const cpu0 = threadCpuMs();
  const started = performance.now();
  const deadline = started + j.durationMs;
  async function lane() {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const r = await send('GET', 'health', undefined, {});
        if (r.status === 200) latencyMs.push(performance.now() - t0);
        else failed += 1;
      } catch {
        failed += 1;
      }
    }
  }
  await Promise.all(Array.from({ length: j.concurrency }, lane));
  return { latencyMs: Float64Array.from(latencyMs), failed, elapsedMs: performance.now() - started, cpuMs: threadCpuMs() - cpu0 };
}

const run = (j: DriveJob): Promise<PairsResult | AttemptsResult | HealthResult> =>
  j.mode === 'pairs' ? runPairs(j) : j.mode === 'attempts' ? runAttempts(j) : runHealth(j);

run(job).then(
  (result) => {
    agent.destroy();
    parentPort!.postMessage(result);
  },
  (err: Error) => parentPort!.postMessage({ fatal: err.stack ?? err.message }),
);
