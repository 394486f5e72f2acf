/**
 * A V8 CPU profile of a server (bench/realtime: the API process's `--profile`, taken by server-probe.ts
 * over a measured window; bench/bookings: the in-process server's thread through node:inspector),
 * summed by self time per function and per package or file, to say where the server's time went.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** where a script lives, shortly: a package name, an app file, or node's own */
function place(url: string) {
  if (!url) return '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return url;
  const app = /\/(apps|packages|bench)\/(.*)$/.exec(url);
  return app ? `${app[1]}/${app[2]}` : url;
}

/**
 * Tables of self time, by package or file and by function. With `per` (e.g. 212 bookings), each row
 * also says its ms of CPU per one of them.
 */
export function summarizeProfile(source: string | Profile, top: number, per?: { count: number; label: string }): string[] {
  const p = typeof source === 'string' ? (JSON.parse(readFileSync(source, 'utf8')) as Profile) : source;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  let total = 0;
  p.samples.forEach((id, i) => {
    const n = byId.get(id);
    const dt = (p.timeDeltas[i] ?? 0) / 1000;
    if (!n) return;
    const f = n.callFrame;
    // idle, and the probe's own call that stops the profiler (it carries the time since the last sample)
    if (f.functionName === '(idle)' || (f.functionName === 'dispatch' && !f.url)) return;
    const where = place(f.url);
    total += dt;
    const key = `${f.functionName || '(anonymous)'} ${where}${f.url ? `:${f.lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + dt);
    byPlace.set(where, (byPlace.get(where) ?? 0) + dt);
  });
  const share = (v: number) => `${((v / (total || 1)) * 100).toFixed(1)}%`;
  const each = (v: number) => (per ? ` ${(v / (per.count || 1)).toFixed(3)} |` : '');
  const head = per ? ` ms per ${per.label} |` : '';
  const rule = per ? '--:|' : '';
  const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]);
  return [
    `${(total / 1000).toFixed(2)} s of samples on the thread` + (per ? ` (${(total / (per.count || 1)).toFixed(2)} ms per ${per.label})` : '') + ', self time by package or file:',
    '',
    `| where | share |${head}`,
    `|---|--:|${rule}`,
    ...sorted(byPlace)
      .slice(0, 10)
      .map(([k, v]) => `| \`${k}\` | ${share(v)} |${each(v)}`),
    '',
    'and by function:',
    '',
    `| function | share |${head}`,
    `|---|--:|${rule}`,
    ...sorted(byFunction)
      .slice(0, top)
      .map(([k, v]) => `| \`${k.replace(/\|/g, '\\|')}\` | ${share(v)} |${each(v)}`),
  ];
}
