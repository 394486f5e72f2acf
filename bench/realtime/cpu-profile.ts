/**
 * A V8 CPU profile of the API process (`--profile`, taken by server-probe.ts over a measured window),
 * summed by function and by package, to say where the server's time went.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface Profile {
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

export function summarizeProfile(file: string, top: number): string[] {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
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
  const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]);
  return [
    `${(total / 1000).toFixed(2)} s of samples on the thread, by package or file:`,
    '',
    '| where | share |',
    '|---|--:|',
    ...sorted(byPlace)
      .slice(0, 8)
      .map(([k, v]) => `| \`${k}\` | ${share(v)} |`),
    '',
    'and by function:',
    '',
    '| function | share |',
    '|---|--:|',
    ...sorted(byFunction)
      .slice(0, top)
      .map(([k, v]) => `| \`${k.replace(/\|/g, '\\|')}\` | ${share(v)} |`),
  ];
}
