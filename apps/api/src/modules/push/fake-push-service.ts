/**
 * A local push service for tests, strict the way real ones are: it checks the VAPID header (an
 * ES256 JWT for its own origin, signed with the app's key, not expired, with a subject) and
 * decrypts the aes128gcm body (RFC 8188/8291) with the subscription's private key, then records the
 * JSON. Each endpoint can be told how to answer (201, 404, 410, 500, or never).
 *
 * `web-push` only speaks HTTPS. Rather than a self-signed certificate, `agent` carries its requests
 * over plain TCP to this server: everything above TLS (headers, JWT, encryption) is the real thing. It
 * is a PushAgent like the app's, with this service's 127.0.0.1 taken as public (a test-only option),
 * so every push in the tests passes the same host and address checks as in production.
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { RequestOptions } from 'node:https';
import { createConnection, type AddressInfo, type NetConnectOpts } from 'node:net';
import type { Queryable } from '../../db/database';
import { PushAgent, type PushAgentOptions } from './push-agent';
import { upsertSubscription } from './push.repository';

/** What the service does with the next request to an endpoint: answer with a status, or never answer. */
export type FakeAnswer = number | 'hang';

export interface ReceivedPush {
  id: string;
  /** the decrypted JSON */
  payload: Record<string, unknown>;
  /** the decrypted plaintext's length in bytes (before the padding delimiter) */
  bytes: number;
  claims: { aud: string; exp: number; sub: string };
  ttl: number;
}

interface FakeSubscription {
  ecdh: ECDH;
  auth: Buffer;
}

class PlainTcpAgent extends PushAgent {
  protected override connect(options: RequestOptions) {
    return createConnection(options as NetConnectOpts);
  }
}

/** The address the fake service listens on, the one thing its agents take as public. */
const FAKE_ADDRESS = '127.0.0.1';

export interface FakePushService {
  origin: string;
  /** hand this to createWebPushTransport so web-push reaches the fake service */
  agent: PushAgent;
  /** another such agent with more rules (PUSH_ALLOWED_HOSTS, a resolver); destroyed with the service */
  agentWith(opts: Omit<PushAgentOptions, 'testAddresses'>): PushAgent;
  /** pushes accepted (decrypted and checked), in order */
  received: ReceivedPush[];
  /** every request that arrived (answered or not), by endpoint id */
  attempts: string[];
  /** requests refused for a bad VAPID header or body, with the reason */
  refused: { id: string; reason: string }[];
  /** a new subscription as a browser would make it: its own P-256 key pair and 16-byte auth secret */
  subscribe(id?: string): { id: string; endpoint: string; keys: { p256dh: string; auth: string } };
  /** answers for the next requests to one endpoint, in order; after them, 201 */
  answer(id: string, ...answers: FakeAnswer[]): void;
  /** the pushes one endpoint accepted, and how many requests reached it */
  receivedBy(id: string): ReceivedPush[];
  attemptsAt(id: string): number;
  /** a browser of this user subscribed here (straight into the table: the route takes only public https endpoints) */
  subscribeUser(db: Queryable, userId: string): Promise<ReturnType<FakePushService['subscribe']>>;
  close(): Promise<void>;
}

export async function startFakePushService(opts: { vapidPublicKey: string }): Promise<FakePushService> {
  const subscriptions = new Map<string, FakeSubscription>();
  const plans = new Map<string, FakeAnswer[]>();
  const received: ReceivedPush[] = [];
  const attempts: string[] = [];
  const refused: { id: string; reason: string }[] = [];
  let origin = '';

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
    attempts.push(id);
    const sub = subscriptions.get(id);
    if (req.method !== 'POST' || !sub) return void res.writeHead(404).end();
    const next = plans.get(id)?.shift() ?? 201;
    if (next === 'hang') return; // the socket stays open with no answer until the client gives up
    let claims: ReceivedPush['claims'];
    let plaintext: Buffer;
    try {
      claims = checkVapid(req.headers.authorization, opts.vapidPublicKey, origin);
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
      plaintext = decrypt(body, sub);
    } catch (err) {
      refused.push({ id, reason: (err as Error).message });
      return void res.writeHead(next === 201 ? 403 : next).end();
    }
    if (next === 201) received.push({ id, payload: JSON.parse(plaintext.toString('utf8')), bytes: plaintext.length, claims, ttl: Number(req.headers.ttl) });
    res.writeHead(next, next === 201 ? { location: `${origin}/message/${randomUUID()}` } : {}).end();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, FAKE_ADDRESS, resolve));
  origin = `http://${FAKE_ADDRESS}:${(server.address() as AddressInfo).port}`;
  const agents: PushAgent[] = [];
  const agentWith = (opts: Omit<PushAgentOptions, 'testAddresses'>) => {
    const made = new PlainTcpAgent({ ...opts, testAddresses: [FAKE_ADDRESS] });
    agents.push(made);
    return made;
  };
  const agent = agentWith({});

  const subscribe = (id: string = randomUUID()) => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    subscriptions.set(id, { ecdh, auth });
    return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
  };

  return {
    origin,
    agent,
    agentWith,
    received,
    attempts,
    refused,
    subscribe,
    answer(id, ...answers) {
      plans.set(id, [...(plans.get(id) ?? []), ...answers]);
    },
    receivedBy: (id) => received.filter((r) => r.id === id),
    attemptsAt: (id) => attempts.filter((a) => a === id).length,
    async subscribeUser(db, userId) {
      const sub = subscribe();
      await upsertSubscription(db, userId, null, { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth });
      return sub;
    },
    async close() {
      for (const a of agents) a.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292), checked as a push service does. */
function checkVapid(header: string | undefined, expectedKey: string, audience: string): ReceivedPush['claims'] {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!m) throw new Error('no VAPID authorization');
  const [token, key] = [m[1]!, m[2]!];
  if (key !== expectedKey) throw new Error('signed with another key');
  const [head, body, signature] = token.split('.') as [string, string, string];
  const jose = JSON.parse(Buffer.from(head, 'base64url').toString());
  if (jose.alg !== 'ES256' || jose.typ !== 'JWT') throw new Error(`JWT header ${JSON.stringify(jose)}`);
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  if (!verify('sha256', Buffer.from(`${head}.${body}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))) {
    throw new Error('bad JWT signature');
  }
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'];
  const now = Date.now() / 1000;
  if (claims.aud !== audience) throw new Error(`aud ${claims.aud}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error(`exp ${claims.exp}`);
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error(`sub ${claims.sub}`);
  return claims;
}

const KEY_INFO = Buffer.from('WebPush: info\0');
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0');

/** The keys of one message (RFC 8291 section 3.4): from the ECDH secret, the auth secret and the salt. */
function messageKeys(ecdhSecret: Buffer, auth: Buffer, uaPublic: Buffer, asPublic: Buffer, salt: Buffer) {
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, auth, Buffer.concat([KEY_INFO, uaPublic, asPublic]), 32));
  return { key: Buffer.from(hkdfSync('sha256', ikm, salt, CEK_INFO, 16)), nonce: Buffer.from(hkdfSync('sha256', ikm, salt, NONCE_INFO, 12)) };
}

/** One aes128gcm record: salt(16) rs(4) idlen(1) keyid(the sender's public key) ciphertext+tag, plaintext ending 0x02 then zeros. */
function decrypt(body: Buffer, sub: FakeSubscription): Buffer {
  if (body.length > 4096) throw new Error(`body of ${body.length} bytes`);
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const sealed = body.subarray(21 + idlen);
  if (idlen !== 65 || sealed.length > rs) throw new Error('not one aes128gcm record');
  const { key, nonce } = messageKeys(sub.ecdh.computeSecret(asPublic), sub.auth, sub.ecdh.getPublicKey(), asPublic, salt);
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  const padded = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}
