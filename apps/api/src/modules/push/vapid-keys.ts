import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import webpush from 'web-push';
import { AppError } from '../../lib/app-error';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/** The parts of the configuration the keys come from. */
export interface VapidSource {
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  SUPPORT_EMAIL: string;
  dataDir: string;
}

export const VAPID_FILE = 'vapid.json';

type KeyPair = { publicKey: string; privateKey: string };
const cache = new Map<string, Promise<KeyPair>>();

/**
 * The server's VAPID keys: from the environment when set, otherwise generated once and kept in
 * DATA_DIR/vapid.json. Browsers bind a subscription to the public key, so it must survive restarts.
 */
export function vapidDetails(source: VapidSource): Promise<VapidDetails> {
  const subject = source.VAPID_SUBJECT ?? `mailto:${source.SUPPORT_EMAIL}`;
  if (source.VAPID_PUBLIC_KEY && source.VAPID_PRIVATE_KEY) {
    return Promise.resolve({ subject, publicKey: source.VAPID_PUBLIC_KEY, privateKey: source.VAPID_PRIVATE_KEY });
  }
  const file = join(source.dataDir, VAPID_FILE);
  let keys = cache.get(file);
  if (!keys) {
    keys = loadOrCreate(source.dataDir, file);
    cache.set(file, keys);
    keys.catch(() => cache.delete(file));
  }
  return keys.then((k) => ({ subject, publicKey: k.publicKey, privateKey: k.privateKey }));
}

async function loadOrCreate(dir: string, file: string): Promise<KeyPair> {
  const existing = await readKeys(file);
  if (existing) return existing;
  const fresh = webpush.generateVAPIDKeys();
  await mkdir(dir, { recursive: true });
  try {
    // 'wx': when two processes start on the same folder, the first file written wins for both
    await writeFile(file, JSON.stringify({ publicKey: fresh.publicKey, privateKey: fresh.privateKey }, null, 2), { flag: 'wx', mode: 0o600 });
    return { publicKey: fresh.publicKey, privateKey: fresh.privateKey };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw pushUnavailable();
    const written = await readKeys(file);
    if (!written) throw pushUnavailable();
    return written;
  }
}

async function readKeys(file: string): Promise<KeyPair | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw pushUnavailable();
  }
  try {
    const parsed = JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof parsed.publicKey === 'string' && typeof parsed.privateKey === 'string') {
      return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
    }
  } catch {
    // falls through: a damaged file is a setup problem, not something to overwrite silently
  }
  throw pushUnavailable();
}

const pushUnavailable = () => new AppError('UNAVAILABLE', 'Push notifications are not available right now');
