/** The bookings benchmark's figures, as Markdown for the terminal and the run file in bench/results/. */
import type { ContentionRow } from './contention';
import type { Explained, Recording } from './profile';

export interface LatencyRow {
  name: string;
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  perSecond?: number;
}

/** nearest-rank percentile of sorted values */
const percentile = (sorted: Float64Array, p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);

export function summarize(name: string, values: ArrayLike<number>, perSecond?: number): LatencyRow {
  const sorted = Float64Array.from(values).sort();
  const mean = sorted.reduce((s, v) => s + v, 0) / (sorted.length || 1);
  return { name, n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), mean, perSecond };
}

export const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');
export const statuses = (m: Record<string, number>) =>
  Object.entries(m)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ') || 'none';

export function latencyTable(rows: LatencyRow[]): string {
  return [
    '| calls | n | p50 ms | p95 ms | p99 ms | mean ms | per s |',
    '|---|--:|--:|--:|--:|--:|--:|',
    ...rows.map((r) => `| ${r.name} | ${r.n} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.mean)} | ${r.perSecond === undefined ? '' : r.perSecond.toFixed(1)} |`),
  ].join('\n');
}

export function contentionTable(rows: ContentionRow[]): string {
  return [
    '| listings | attempts | 201 | 409 SLOT_TAKEN | other 409 | other statuses | paid (200) | expected 201s | listing-waves off | live bookings (SQL) |',
    '|---|--:|--:|--:|--:|---|--:|--:|--:|--:|',
    ...rows.map(
      (r) =>
        `| ${r.listings} × ${r.units} unit${r.units === 1 ? '' : 's'} | ${r.attempts} | ${r.created} | ${r.slotTaken} | ${r.otherConflict} | ${statuses(r.other)} | ${r.paid} | ${r.expected} | ${r.offWaves} | ${r.live} |`,
    ),
  ].join('\n');
}

/** The statements of the profile pass, per committed booking (book + pay), the costliest first. */
export function statementTable(rec: Recording, pairs: number, top: number): string[] {
  const total = rec.statements.reduce((s, x) => s + x.totalMs, 0);
  const calls = rec.statements.reduce((s, x) => s + x.calls, 0);
  const per = (v: number) => (pairs ? v / pairs : NaN);
  const short = (sql: string) => (sql.length > 110 ? `${sql.slice(0, 107)}…` : sql).replace(/\|/g, '\\|');
  return [
    `- per committed booking: ${per(calls).toFixed(1)} statements in ${per(rec.transactions).toFixed(1)} transactions; ` +
      `${ms(per(total))} ms in statements, plus ${ms(per(rec.beginMs))} ms from a transaction's start to its first statement (waiting for a connection, BEGIN) ` +
      `and ${ms(per(rec.commitMs))} ms in COMMIT`,
    '',
    '| statement | calls per booking | mean ms | share of statement time |',
    '|---|--:|--:|--:|',
    ...rec.statements
      .slice(0, top)
      .map((s) => `| \`${short(s.sql)}\` | ${per(s.calls).toFixed(2)} | ${(s.totalMs / s.calls).toFixed(2)} | ${((s.totalMs / (total || 1)) * 100).toFixed(0)}% |`),
  ];
}

export function explainLines(explained: Explained[]): string[] {
  const short = (sql: string) => (sql.length > 90 ? `${sql.slice(0, 87)}…` : sql);
  return [
    ...explained.map((e) =>
      e.error
        ? `- \`${short(e.sql)}\`: not explained (${e.error})`
        : `- \`${short(e.sql)}\`: execution ${e.executionMs.toFixed(3)} ms, planning ${e.planningMs.toFixed(3)} ms; ${e.scans.map((x) => `\`${x}\``).join(', ') || 'no scans'}`,
    ),
    '',
    ...explained
      .filter((e) => !e.error)
      .flatMap((e) => ['<details><summary>plan: ' + short(e.sql).replace(/</g, '&lt;') + '</summary>', '', '```', e.sql, e.plan, '```', '', '</details>', '']),
  ];
}
