/** The realtime benchmark's figures: one row per socket count and path, as Markdown. */
import { ms, summarize, type LatencyRow } from '../bookings/report';
import type { LoadResult } from './load';
import { PATH, type Receipts } from './protocol';

export type PathName = 'publish' | 'chat' | 'batched';

export const PATH_LABEL: Record<PathName, string> = {
  publish: 'publish() → socket',
  chat: 'chat POST → other party’s socket',
  batched: 'row, then NOTIFY after commit, batched (not the app’s code) → socket',
};

/** CPU ms spent in the measured window by each side, and the machine's busy share. */
export interface CpuWindow {
  elapsedMs: number;
  serverMs: number;
  postgresMs?: number;
  clientsMs: number;
  senderMs: number;
  machineBusy: number;
  steal: number;
  cores: number;
}

/** share of the whole machine used by processes other than the benchmark's (builds, tests of others) */
const othersShare = (c: CpuWindow) => Math.max(0, c.machineBusy - (c.serverMs + (c.postgresMs ?? 0) + c.clientsMs + c.senderMs) / (c.elapsedMs * c.cores));

export interface Row {
  sockets: number;
  path: PathName;
  rate: number;
  achieved: number;
  sent: number;
  skipped: number;
  failed: number;
  delivered: number;
  lost: number;
  duplicates: number;
  latency: LatencyRow;
  max: number;
  /** the part after the sender's call returned (commit, or the HTTP answer): the fan-out's own delay */
  afterCall: LatencyRow;
  /** chat: the HTTP answer to the sender, and the copy to the sender's own socket */
  call: LatencyRow;
  echo?: LatencyRow;
  cpu: CpuWindow;
  rssMb: number;
  serverLoopP99: number;
  clientLoopP99: number;
  closes: Record<string, number>;
  firstError?: string;
}

/** Matches what was sent with what arrived: each accepted message once at its recipient. */
export function makeRow(
  sockets: number,
  path: PathName,
  rate: number,
  load: LoadResult,
  receipts: Receipts[],
  extra: { cpu: CpuWindow; rssMb: number; serverLoopP99: number },
): Row {
  const callOf = new Map(load.ok.map((seq, i) => [seq, load.callMs[i]!]));
  const want = path === 'chat' ? PATH.chatToOther : PATH.publish;
  const first = new Map<number, number>();
  const echo: number[] = [];
  let duplicates = 0;
  for (const r of receipts) {
    for (let i = 0; i < r.seq.length; i++) {
      const seq = r.seq[i]!;
      if (!callOf.has(seq)) continue;
      if (r.path[i] === PATH.chatToSender) echo.push(r.latencyMs[i]!);
      else if (r.path[i] === want) {
        if (first.has(seq)) duplicates += 1;
        else first.set(seq, r.latencyMs[i]!);
      }
    }
  }
  const latencies = [...first.values()];
  const afterCall = [...first.entries()].map(([seq, v]) => v - callOf.get(seq)!);
  const closes: Record<string, number> = {};
  for (const r of receipts) for (const [k, v] of Object.entries(r.closes)) closes[k] = (closes[k] ?? 0) + v;
  return {
    sockets,
    path,
    rate,
    achieved: (load.ok.length / load.elapsedMs) * 1000,
    sent: load.ok.length,
    skipped: load.skipped,
    failed: load.failed,
    delivered: first.size,
    lost: load.ok.length - first.size,
    duplicates,
    latency: summarize(PATH_LABEL[path], latencies),
    max: latencies.reduce((m, v) => Math.max(m, v), 0),
    afterCall: summarize('after call', afterCall),
    call: summarize('call', load.callMs),
    echo: path === 'chat' ? summarize('echo', echo) : undefined,
    cpu: extra.cpu,
    rssMb: extra.rssMb,
    serverLoopP99: extra.serverLoopP99,
    clientLoopP99: Math.max(...receipts.map((r) => r.loopP99)),
    closes,
    firstError: load.firstError,
  };
}

const pct = (cpuMs: number | undefined, elapsedMs: number) => (cpuMs === undefined ? '-' : `${((cpuMs / elapsedMs) * 100).toFixed(0)}%`);

export function resultTable(rows: Row[]): string {
  return [
    '| sockets | path | messages/s offered → sent | delivered / lost | p50 ms | p95 ms | p99 ms | max ms | sender’s call p50 / p99 ms | after the call p50 / p99 ms | API CPU (of 1 core) | API CPU per message | API RSS MB | API loop delay p99 ms | PostgreSQL CPU | socket clients CPU | sender CPU | machine busy (other work) |',
    '|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...rows.map((r) => {
      const c = r.cpu;
      return (
        `| ${r.sockets.toLocaleString('en-US')} | ${PATH_LABEL[r.path]} | ${r.rate} → ${r.achieved.toFixed(0)}${r.skipped ? ` (${r.skipped} skipped)` : ''} | ` +
        `${r.delivered} / ${r.lost}${r.duplicates ? ` (+${r.duplicates} twice)` : ''} | ${ms(r.latency.p50)} | ${ms(r.latency.p95)} | ${ms(r.latency.p99)} | ${ms(r.max)} | ` +
        `${ms(r.call.p50)} / ${ms(r.call.p99)} | ${ms(r.afterCall.p50)} / ${ms(r.afterCall.p99)} | ` +
        `${pct(c.serverMs, c.elapsedMs)} | ${r.sent ? (c.serverMs / r.sent).toFixed(2) : '-'} ms | ${r.rssMb.toFixed(0)} | ${ms(r.serverLoopP99)} | ` +
        `${pct(c.postgresMs, c.elapsedMs)} | ${pct(c.clientsMs, c.elapsedMs)} | ${pct(c.senderMs, c.elapsedMs)} | ${(c.machineBusy * 100).toFixed(0)}% (${(othersShare(c) * 100).toFixed(0)}%) |`
      );
    }),
  ].join('\n');
}

/** Per row, what the table leaves out: the clients' own delay, closed sockets, chat's copy to the sender, failures. */
export function rowNotes(rows: Row[]): string[] {
  return rows.map((r) => {
    const closed = Object.entries(r.closes);
    return (
      `- ${r.sockets.toLocaleString('en-US')} sockets, ${r.path} at ${r.rate}/s: socket clients' event-loop delay p99 ${ms(r.clientLoopP99)} ms` +
      (r.echo ? `; the sender's own socket got the message p50 ${ms(r.echo.p50)} / p99 ${ms(r.echo.p99)} ms` : '') +
      (closed.length ? `; sockets closed by code: ${closed.map(([k, v]) => `${k}: ${v}`).join(', ')}` : '; no socket closed') +
      (r.failed ? `; ${r.failed} sends failed${r.firstError ? ` (first: \`${r.firstError.slice(0, 120)}\`)` : ''}` : '')
    );
  });
}

