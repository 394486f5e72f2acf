/**
 * The load generator, in a worker thread so it does not share the server's event loop: keeps
 * `concurrency` requests in flight over keep-alive connections and times each one.
 */
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

export interface LoadJob {
  port: number;
  paths: string[];
  /** a label per path (an index into the caller's list of kinds) */
  labels: number[];
  concurrency: number;
  /** stop after this many requests … */
  requests?: number;
  /** … or after this long */
  durationMs?: number;
  /** read `total` from each JSON answer (search) */
  readTotal: boolean;
}

export interface LoadResult {
  latenciesMs: Float64Array;
  labels: Uint8Array;
  /** per request: the answer's `total`, or -1 */
  totals: Float64Array;
  statuses: Record<number, number>;
  errors: number;
  firstError?: string;
  elapsedMs: number;
}

const job = workerData as LoadJob;
const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });

function get(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: job.port, path, method: 'GET', agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function main(): Promise<LoadResult> {
  const cap = job.requests ?? 10_000_000;
  const latencies: number[] = [];
  const labels: number[] = [];
  const totals: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  let firstError: string | undefined;
  let issued = 0;
  const started = performance.now();
  const deadline = job.durationMs === undefined ? Infinity : started + job.durationMs;

  async function lane() {
    while (issued < cap && performance.now() < deadline) {
      const i = issued % job.paths.length;
      issued += 1;
      const t0 = performance.now();
      try {
        const res = await get(job.paths[i]!);
        latencies.push(performance.now() - t0);
        labels.push(job.labels[i]!);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        let total = -1;
        if (res.status !== 200) {
          firstError ??= `${res.status} ${job.paths[i]} ${res.body.slice(0, 300)}`;
        } else if (job.readTotal) {
          total = (JSON.parse(res.body) as { total: number }).total;
        }
        totals.push(total);
      } catch (err) {
        errors += 1;
        firstError ??= `${job.paths[i]}: ${(err as Error).message}`;
      }
    }
  }
  await Promise.all(Array.from({ length: job.concurrency }, lane));
  const elapsedMs = performance.now() - started;
  agent.destroy();
  return {
    latenciesMs: Float64Array.from(latencies),
    labels: Uint8Array.from(labels),
    totals: Float64Array.from(totals),
    statuses,
    errors,
    firstError,
    elapsedMs,
  };
}

main().then(
  (result) => parentPort!.postMessage(result),
  (err: Error) => parentPort!.postMessage({ fatal: err.stack ?? err.message }),
);
