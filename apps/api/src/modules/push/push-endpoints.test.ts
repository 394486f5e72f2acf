import { lookup as systemLookup } from 'node:dns/promises';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { api, createTestApp, type TestContext } from '../../../test/helper';
import { createTestUser } from '../notifications/test-users';
import { startFakePushService, type FakePushService } from './fake-push-service';
import { isPublicAddress } from './push-addresses';
import { PushAgent, PushEndpointRefused, publicOnlyLookup, type Resolve, type ResolvedAddress } from './push-agent';
import { upsertSubscription } from './push.repository';
import { createWebPushTransport, sendPush, type PushSender } from './push.service';
import { browserSubscription } from './testing';
import { vapidDetails } from './vapid-keys';

// Push endpoints must not let anyone make the server reach inside its network (SSRF): refused when
// saved (the text, every spelling of an IP address), and refused when sent (the address actually
// connected to, whatever a name resolves to).

const keys = () => browserSubscription().keys;
const subscriptionJson = (endpoint: string) => JSON.stringify(browserSubscription(endpoint));

/** A TCP server that only counts the connections it gets: the proof that a refusal connected nowhere. */
async function countingServer(host: string) {
  const sockets: Socket[] = [];
  const server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => sockets.length,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A resolver from a table (no real DNS), falling back to the system's for names not in it. */
const resolverOf = (table: Record<string, string[]>): Resolve & { asked: string[] } => {
  const asked: string[] = [];
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    asked.push(hostname);
    const listed = table[hostname];
    if (!listed) return systemLookup(hostname, { all: true, verbatim: true });
    return listed.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { asked });
};

describe('saving an endpoint: POST device-token', () => {
  let t: TestContext;
  let user: Awaited<ReturnType<typeof createTestUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createTestUser(t.db);
  });
  afterAll(() => t.close());

  const save = (endpoint: string) => t.app.inject({ method: 'POST', url: api('device-token'), headers: user.headers, payload: { device_token: subscriptionJson(endpoint) } });

  it('refuses every spelling of an IP address, local names and credentials, with a 400 on device_token', async () => {
    const ipLiterals = [
      'https://0x7f.0.0.1:3999/x',
      'https://0177.0.0.1/x',
      'https://2130706433/',
      'https://0x7f000001/',
      'https://127.1/',
      'https://127.0.0.1./',
      'https://%31%32%37.0.0.1/',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:7f00:1]/',
      'https://[64:ff9b::a9fe:a9fe]/latest',
      'https://[fd00::1]/',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/',
      'https://10.0.0.1/',
      'https://8.8.8.8/', // a public address is still not a push service's name
    ];
    for (const endpoint of ipLiterals) {
      const res = await save(endpoint);
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().errors, endpoint).toEqual({ device_token: 'device_token: endpoint must name a push service, not an IP address' });
    }
    const others: [string, string][] = [
      ['https://::1/', 'endpoint must be an https address'],
      ['https://1.2.3.4.5/', 'endpoint must be an https address'],
      ['http://fcm.googleapis.com/fcm/send/x', 'endpoint must be an https address'],
      [' https://fcm.googleapis.com/fcm/send/x', 'endpoint must be an https address'],
      ['https://fcm.googleapis.com\\@127.0.0.1/', 'endpoint must be an https address'],
      ['https://localhost/x', 'endpoint must be a public https address'],
      ['https://LOCALHOST./x', 'endpoint must be a public https address'],
      ['https://push.localhost/x', 'endpoint must be a public https address'],
      ['https://metadata.google.internal/computeMetadata/v1/', 'endpoint must be a public https address'],
      ['https://printer.local/x', 'endpoint must be a public https address'],
      ['https://router.home.arpa/x', 'endpoint must be a public https address'],
      ['https://push/x', 'endpoint must be a public https address'],
      ['https://user:pw@fcm.googleapis.com/x', 'endpoint must not carry a user name or password'],
      ['https://fcm.googleapis.com@127.0.0.1/x', 'endpoint must not carry a user name or password'],
    ];
    for (const [endpoint, problem] of others) {
      const res = await save(endpoint);
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().errors, endpoint).toEqual({ device_token: `device_token: ${problem}` });
    }
    expect(await t.db.query(`SELECT 1 FROM push_subscriptions WHERE user_id = $1`, [user.id])).toHaveLength(0);
  });

  it("takes the push services' own endpoints", async () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dJ9xPq:APA91bH',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABm',
      'https://web.push.apple.com/QGu9Jc3bHnM',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB%2bRk',
    ]) {
      const res = await save(endpoint);
      expect(res.statusCode, endpoint).toBe(200);
    }
  });
});

describe('PUSH_ALLOWED_HOSTS', () => {
  it('is checked at start: host names only, comma-separated', () => {
    const config = (value: string) => loadConfig({ DATA_DIR: '/tmp/unused', PUSH_ALLOWED_HOSTS: value });
    expect(config('FCM.googleapis.com, push.apple.com.').PUSH_ALLOWED_HOSTS).toEqual(['fcm.googleapis.com', 'push.apple.com']);
    expect(loadConfig({ DATA_DIR: '/tmp/unused' }).PUSH_ALLOWED_HOSTS).toBeUndefined();
    for (const bad of ['https://fcm.googleapis.com', 'fcm.googleapis.com:443', '127.0.0.1', '*.push.apple.com', 'fcm.googleapis.com,,push.apple.com', 'localhost', 'a b.com']) {
      expect(() => config(bad), bad).toThrow(/PUSH_ALLOWED_HOSTS: must be comma-separated host names/);
    }
  });

  describe('with a list', () => {
    let t: TestContext;
    let user: Awaited<ReturnType<typeof createTestUser>>;
    beforeAll(async () => {
      t = await createTestApp({ PUSH_ALLOWED_HOSTS: 'fcm.googleapis.com,push.apple.com' });
      user = await createTestUser(t.db);
    });
    afterAll(() => t.close());

    it('saves only endpoints on those hosts or their subdomains', async () => {
      const save = (endpoint: string) => t.app.inject({ method: 'POST', url: api('device-token'), headers: user.headers, payload: { device_token: subscriptionJson(endpoint) } });
      for (const endpoint of ['https://fcm.googleapis.com/fcm/send/a', 'https://web.push.apple.com/b', 'https://FCM.googleapis.com./fcm/send/c']) {
        expect((await save(endpoint)).statusCode, endpoint).toBe(200);
      }
      for (const endpoint of ['https://updates.push.services.mozilla.com/wpush/v2/x', 'https://fcm.googleapis.com.attacker.net/x', 'https://evilfcm.googleapis.com/x', 'https://apple.com/x']) {
        const res = await save(endpoint);
        expect(res.statusCode, endpoint).toBe(400);
        expect(res.json().errors, endpoint).toEqual({ device_token: 'device_token: endpoint is not a push service this server sends to' });
      }
    });
  });
});

describe('isPublicAddress', () => {
  it('refuses every range that leads inside a network or nowhere, in IPv4 and IPv6', () => {
    const refused = [
      ...['127.0.0.1', '127.255.255.254', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254'],
      ...['100.64.0.1', '100.127.255.254', '0.0.0.0', '0.1.2.3', '255.255.255.255', '224.0.0.1', '239.255.255.250'],
      ...['192.0.2.1', '198.51.100.7', '203.0.113.9', '198.18.0.1', '198.19.255.1', '240.0.0.1', '192.0.0.8'],
      ...['::1', '::', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd12:3456::1', 'fec0::1', 'ff02::1', '2001:db8::1', '100::1'],
      // IPv4 inside IPv6: judged by the IPv4 address
      ...['::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '::ffff:0:127.0.0.1', '::127.0.0.1', '::10.0.0.1'],
      ...['64:ff9b::7f00:1', '64:ff9b::169.254.169.254', '64:ff9b:1::a00:1', '2002:7f00:1::1', '2002:a00:1::1'],
      // Teredo: server 65.54.227.120, client 127.0.0.1 (stored inverted: 80ff:fffe)
      '2001:0:4136:e378:8000:63bf:80ff:fffe',
      ...['not an address', '', '127.0.0.1.example'],
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
  });

  it('takes public unicast addresses, and IPv6 forms that carry a public IPv4 address', () => {
    const accepted = [
      ...['142.250.183.10', '8.8.8.8', '1.1.1.1', '17.253.144.10', '100.63.255.255', '100.128.0.1', '172.32.0.1'],
      ...['2607:f8b0:4004:c1b::5f', '2a00:1450:4001:82a::200a', '2620:0:1cfe:face:b00c::3'],
      ...['::ffff:142.250.183.10', '64:ff9b::8efa:b70a', '2002:8efa:b70a::1', '2001:0:4136:e378:8000:63bf:f7f7:f7f7'],
    ];
    for (const address of accepted) expect(isPublicAddress(address), address).toBe(true);
  });
});

describe('sending: the address connected to is checked', () => {
  let v4: Awaited<ReturnType<typeof countingServer>>;
  let v6: Awaited<ReturnType<typeof countingServer>>;
  const vapid = { subject: 'mailto:support@parkly.in', ...webpush.generateVAPIDKeys() };
  const agents: PushAgent[] = [];
  const agent = (opts: ConstructorParameters<typeof PushAgent>[0]) => {
    const made = new PushAgent(opts);
    agents.push(made);
    return made;
  };
  const send = (a: PushAgent, endpoint: string) => createWebPushTransport({ agent: a, timeoutMs: 500 })({ endpoint, keys: keys() }, '{"title":"t","body":"b"}', vapid);

  beforeAll(async () => {
    v4 = await countingServer('127.0.0.1');
    v6 = await countingServer('::1');
  });
  afterAll(async () => {
    for (const a of agents) a.destroy();
    await v4.close();
    await v6.close();
  });

  it('refuses a name that resolves to a loopback, private, link-local or CGNAT address, before connecting', async () => {
    const cases: [string, string[], number][] = [
      ['loopback.attacker.example', ['127.0.0.1'], v4.port],
      ['private.attacker.example', ['10.0.0.5'], v4.port],
      ['metadata.attacker.example', ['169.254.169.254'], v4.port],
      ['cgnat.attacker.example', ['100.64.0.1'], v4.port],
      ['loopback6.attacker.example', ['::1'], v6.port],
      ['mapped.attacker.example', ['::ffff:127.0.0.1'], v4.port],
      // one bad address among good ones is enough: the connection could go to any of them
      ['mixed.attacker.example', ['8.8.8.8', '127.0.0.1'], v4.port],
    ];
    for (const [name, addresses, port] of cases) {
      const resolve = resolverOf({ [name]: addresses });
      const err = await send(agent({ resolve }), `https://${name}:${port}/push/1`).catch((e: unknown) => e);
      expect(err, name).toBeInstanceOf(PushEndpointRefused);
      expect((err as Error).message, name).toMatch(/resolves to .+, which is not a public address/);
      expect(resolve.asked, name).toEqual([name]);
    }
    expect([v4.connections(), v6.connections()]).toEqual([0, 0]);
  });

  it('refuses an IP literal already in the table (Node does not resolve those), in any notation', async () => {
    // no resolver table: the system's, as in production
    const plain = agent({});
    for (const endpoint of [
      `https://127.0.0.1:${v4.port}/x`,
      `https://0x7f.0.0.1:${v4.port}/x`,
      `https://2130706433:${v4.port}/x`,
      `https://127.1:${v4.port}/x`,
      `https://[::1]:${v6.port}/x`,
      `https://[::ffff:127.0.0.1]:${v4.port}/x`,
    ]) {
      const err = await send(plain, endpoint).catch((e: unknown) => e);
      expect(err, endpoint).toBeInstanceOf(PushEndpointRefused);
    }
    expect([v4.connections(), v6.connections()]).toEqual([0, 0]);
  });

  it('connects when the address is allowed (so the counts above mean something)', async () => {
    const name = 'fake-push.attacker.example';
    // the tests' exception (never from configuration) lets 127.0.0.1 through: the server sees the connection
    const err = await send(agent({ resolve: resolverOf({ [name]: ['127.0.0.1'] }), testAddresses: ['127.0.0.1'] }), `https://${name}:${v4.port}/x`).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(PushEndpointRefused); // it timed out waiting for TLS from a server that says nothing
    expect(v4.connections()).toBe(1);
  });

  it('passes a public address, and answers only the family asked for', async () => {
    const resolve = resolverOf({ 'fcm.googleapis.com': ['142.250.183.10', '2607:f8b0:4004:c1b::5f'] });
    const lookup = publicOnlyLookup(resolve, isPublicAddress);
    const answer = (options: { all?: boolean; family?: number }) =>
      new Promise<unknown[]>((resolve) => lookup('fcm.googleapis.com', options as never, (...args: unknown[]) => resolve(args)));
    expect(await answer({ all: true })).toEqual([
      null,
      [
        { address: '142.250.183.10', family: 4 },
        { address: '2607:f8b0:4004:c1b::5f', family: 6 },
      ],
    ]);
    expect(await answer({ family: 4 })).toEqual([null, '142.250.183.10', 4]);
    expect(await answer({ family: 6 })).toEqual([null, '2607:f8b0:4004:c1b::5f', 6]);
    expect(new PushAgent().refusal('fcm.googleapis.com')).toBeNull();
  });

  it('with PUSH_ALLOWED_HOSTS, refuses any other host before resolving it', async () => {
    const resolve = resolverOf({ 'push.attacker.example': ['8.8.8.8'] });
    const listed = agent({ allowedHosts: ['fcm.googleapis.com'], resolve });
    const err = await send(listed, `https://push.attacker.example:${v4.port}/x`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PushEndpointRefused);
    expect((err as Error).message).toBe('push.attacker.example is not in PUSH_ALLOWED_HOSTS');
    expect(resolve.asked).toEqual([]);
    expect(listed.refusal('fcm.googleapis.com')).toBeNull();
    expect(listed.refusal('android.fcm.googleapis.com')).toBeNull();
    expect(listed.refusal('fcm.googleapis.com.attacker.example')).toBeInstanceOf(PushEndpointRefused);
  });
});

describe('sendPush with refused endpoints', () => {
  let t: TestContext;
  let fake: FakePushService;
  let inside: Awaited<ReturnType<typeof countingServer>>;
  beforeAll(async () => {
    t = await createTestApp();
    const publicKey = (await t.app.inject({ url: api('push/public-key') })).json().result.public_key as string;
    fake = await startFakePushService({ vapidPublicKey: publicKey });
    // another loopback address than the fake service's, so the tests' exception for it does not apply
    inside = await countingServer('127.0.0.2');
  });
  afterAll(async () => {
    await inside.close();
    await fake.close();
    await t.close();
  });

  it('removes the subscription, logs a warning, sends to the others and throws nothing', async () => {
    const user = await createTestUser(t.db);
    const good = fake.subscribe();
    const endpoints = [good.endpoint, `https://rebound.attacker.example:${inside.port}/x`, 'https://metadata.attacker.example/latest', `https://[::1]:${inside.port}/x`];
    for (const endpoint of endpoints) await upsertSubscription(t.db, user.id, null, { endpoint, ...keys() });
    await t.db.query(`UPDATE push_subscriptions SET p256dh = $2, auth = $3 WHERE endpoint = $1`, [good.endpoint, good.keys.p256dh, good.keys.auth]);

    const warnings: { obj: object; msg: string }[] = [];
    const sender: PushSender = {
      vapid: () => vapidDetails(t.app.config),
      transport: createWebPushTransport({
        agent: fake.agentWith({ resolve: resolverOf({ 'rebound.attacker.example': ['127.0.0.2'], 'metadata.attacker.example': ['169.254.169.254'] }) }),
        timeoutMs: 1000,
      }),
      log: { warn: (obj, msg) => warnings.push({ obj, msg }) },
      retryDelaysMs: [10, 10],
    };
    const result = await sendPush(t.db, user.id, { title: 'Booking confirmed', body: 'See you at 9.' }, sender);
    expect(result).toEqual({ sent: 1, removed: 3, failed: 0, muted: 0 });
    expect(fake.received.filter((r) => r.id === good.id)).toHaveLength(1);
    const left = await t.db.query<{ endpoint: string }>(`SELECT endpoint FROM push_subscriptions WHERE user_id = $1`, [user.id]);
    expect(left.map((r) => r.endpoint)).toEqual([good.endpoint]);
    expect(warnings.map((w) => w.msg)).toEqual(Array(3).fill('push endpoint refused: subscription removed'));
    expect(warnings.map((w) => (w.obj as { host: string }).host).sort()).toEqual([`[::1]:${inside.port}`, 'metadata.attacker.example', `rebound.attacker.example:${inside.port}`]);
    expect(inside.connections()).toBe(0);
  });

  it('with PUSH_ALLOWED_HOSTS, a subscription on another host is removed without a request', async () => {
    const user = await createTestUser(t.db);
    const sub = fake.subscribe();
    await upsertSubscription(t.db, user.id, null, { endpoint: sub.endpoint, ...sub.keys });
    const sender: PushSender = {
      vapid: () => vapidDetails(t.app.config),
      transport: createWebPushTransport({ agent: fake.agentWith({ allowedHosts: ['fcm.googleapis.com'] }), timeoutMs: 1000 }),
      log: { warn: () => undefined },
    };
    expect(await sendPush(t.db, user.id, { title: 't', body: 'b' }, sender)).toEqual({ sent: 0, removed: 1, failed: 0, muted: 0 });
    expect(fake.attempts.filter((a) => a === sub.id)).toHaveLength(0);
    expect(await t.db.query(`SELECT 1 FROM push_subscriptions WHERE user_id = $1`, [user.id])).toHaveLength(0);
  });
});
