import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the e2e server's mail goes: a small SMTP server started by the global setup
 * (mail-sink-setup.ts) on a port derived from the server's, so runs side by side never share one.
 * Each message it receives is one JSON line in `file`. playwright.config.ts points SMTP_URL at it.
 */
const serverPort = Number(process.env.E2E_PORT ?? 4173);
export const MAIL_SINK = {
  port: serverPort + 20_000,
  file: join(tmpdir(), `parkly-e2e-mail-${serverPort}.jsonl`),
};

export interface SentMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Every message the sink has received so far. */
export function sentMail(): SentMail[] {
  if (!existsSync(MAIL_SINK.file)) return [];
  return readFileSync(MAIL_SINK.file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SentMail);
}
