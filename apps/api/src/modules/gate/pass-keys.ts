/**
 * The key that signs gate passes (docs/decisions/034-gate-pass.md): ECDSA on P-256, which every browser's
 * WebCrypto verifies, so a guard's screen checks a QR code with no network. From GATE_PASS_PRIVATE_KEY when
 * set (every instance behind a load balancer must sign with the same key), otherwise generated once and kept
 * in DATA_DIR/gate-pass-key.pem, as the VAPID keys are (modules/push/vapid-keys.ts).
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PASS_QR_PREFIX, passClaimsSchema, type GateKey, type PassClaims } from '@parkly/shared/gate-pass';
import { AppError } from '../../lib/app-error';

export interface PassKeySource {
  GATE_PASS_PRIVATE_KEY?: string;
  dataDir: string;
}

export interface PassKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export const PASS_KEY_FILE = 'gate-pass-key.pem';

const cache = new Map<string, Promise<PassKeys>>();

export function passKeys(source: PassKeySource): Promise<PassKeys> {
  if (source.GATE_PASS_PRIVATE_KEY) return Promise.resolve(fromPem(source.GATE_PASS_PRIVATE_KEY.replace(/\\n/g, '\n')));
  const file = join(source.dataDir, PASS_KEY_FILE);
  let keys = cache.get(file);
  if (!keys) {
    keys = loadOrCreate(source.dataDir, file);
    cache.set(file, keys);
    keys.catch(() => cache.delete(file));
  }
  return keys;
}

function fromPem(pem: string): PassKeys {
  const privateKey = createPrivateKey(pem);
  const details = privateKey.asymmetricKeyDetails;
  if (privateKey.asymmetricKeyType !== 'ec' || details?.namedCurve !== 'prime256v1') throw new Error('GATE_PASS_PRIVATE_KEY must be an ECDSA P-256 key');
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

async function loadOrCreate(dir: string, file: string): Promise<PassKeys> {
  const existing = await readPem(file);
  if (existing) return fromPem(existing);
  const fresh = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  await mkdir(dir, { recursive: true });
  try {
    // 'wx': when two processes start on the same folder, the first file written wins for both
    await writeFile(file, fresh, { flag: 'wx', mode: 0o600 });
    return fromPem(fresh);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw unavailable();
    const written = await readPem(file);
    if (!written) throw unavailable();
    return fromPem(written);
  }
}

async function readPem(file: string) {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw unavailable();
  }
}

const unavailable = () => new AppError('UNAVAILABLE', 'Gate passes are not available right now');

/** The public key as GET gate-pass-key serves it: a JWK a browser imports for ECDSA verification. */
export function publicJwk(keys: PassKeys): GateKey {
  const jwk = keys.publicKey.export({ format: 'jwk' });
  return { alg: 'ES256', jwk: { kty: 'EC', crv: 'P-256', x: jwk.x!, y: jwk.y! } };
}

const b64url = (buf: Buffer) => buf.toString('base64url');

/**
 * The QR payload: `PK1.<claims as base64url JSON>.<signature>`, the signature over `PK1.<claims>` as
 * WebCrypto makes and checks it (r‖s, 64 bytes: 'ieee-p1363').
 */
export function signPass(keys: PassKeys, claims: PassClaims): string {
  const body = `${PASS_QR_PREFIX}.${b64url(Buffer.from(JSON.stringify(claims)))}`;
  const signature = sign('sha256', Buffer.from(body), { key: keys.privateKey, dsaEncoding: 'ieee-p1363' });
  return `${body}.${b64url(signature)}`;
}

/** The claims of a payload whose signature holds, else null (tests, and anyone checking a pass on the server). */
export function verifyPass(keys: Pick<PassKeys, 'publicKey'>, payload: string): PassClaims | null {
  const parts = payload.split('.');
  if (parts.length !== 3 || parts[0] !== PASS_QR_PREFIX) return null;
  const ok = verify('sha256', Buffer.from(`${parts[0]}.${parts[1]}`), { key: keys.publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(parts[2]!, 'base64url'));
  if (!ok) return null;
  try {
    const parsed = passClaimsSchema.safeParse(JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
