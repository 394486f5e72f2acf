/**
 * Where a benchmark run is recorded: one Markdown file per run in bench/results/, named
 * `<YYYY-MM-DD>-<bench>-<label>.md` (the date in UTC). A run never overwrites another: a second
 * run with the same name on the same day gets `-2`, `-3`… Used by bench/bookings, bench/realtime and
 * bench/search; scripts/lighthouse.mjs follows the same naming with bench `lighthouse`.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));

/** lower-case words joined by dashes: `PostgreSQL quick` -> `postgresql-quick` */
export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'run'
  );
}

/** The file name a run of `bench` labelled `label` on `at`'s UTC day gets (before any `-2`). */
export function runFileName(bench: string, label: string, at = new Date()): string {
  return `${at.toISOString().slice(0, 10)}-${slug(bench)}-${slug(label)}.md`;
}

/**
 * Writes one run's Markdown to a file of its own and returns its path relative to bench/
 * (for the log line and for links from bench/README.md).
 */
export function writeRunFile(bench: string, label: string, markdown: string, at = new Date(), dir = RESULTS_DIR): string {
  mkdirSync(dir, { recursive: true });
  const base = runFileName(bench, label, at).replace(/\.md$/, '');
  let path = join(dir, `${base}.md`);
  for (let n = 2; existsSync(path); n++) path = join(dir, `${base}-${n}.md`);
  writeFileSync(path, markdown.endsWith('\n') ? markdown : `${markdown}\n`, { flag: 'wx' });
  return relative(join(dir, '..'), path);
}
