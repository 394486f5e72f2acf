import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, bearer, createTestApp, signUp, type TestContext } from '../../../test/helper';
import { newGuest, window } from '../bookings/testing';
import { publishedListing } from '../listings/testing';
import { startFakePushService, type FakePushService } from './fake-push-service';
import { upsertSubscription } from './push.repository';
import { createWebPushTransport, getPushSender, PUSH_PAYLOAD_MAX_BYTES, sendPush, sendPushes, setPushSender, type PushSender } from './push.service';
import { vapidDetails } from './vapid-keys';

// Push end to end: the app's pushes go through the real web-push (VAPID, aes128gcm) to a local fake
// push service that checks the signature and decrypts each message (fake-push-service.ts).

const TIMEOUT_MS = 300;
const RETRY_DELAYS_MS = [20, 40];

let t: TestContext;
let fake: FakePushService;
let appSender: PushSender | null;
const warnings: object[] = [];

const senderFor = (opts: { timeoutMs?: number; vapid?: PushSender['vapid'] } = {}): PushSender => ({
  vapid: opts.vapid ?? (() => vapidDetails(t.app.config)),
  transport: createWebPushTransport({ timeoutMs: opts.timeoutMs ?? TIMEOUT_MS, agent: fake.agent }),
  log: { warn: (obj) => warnings.push(obj) },
  retryDelaysMs: RETRY_DELAYS_MS,
});

beforeAll(async () => {
  t = await createTestApp();
  const publicKey = (await t.app.inject({ url: api('push/public-key') })).json().result.public_key as string;
  fake = await startFakePushService({ vapidPublicKey: publicKey });
  appSender = getPushSender();
  setPushSender(senderFor());
});
afterAll(async () => {
  setPushSender(appSender);
  await fake.close();
  await t.close();
});

/** A browser of this user subscribed at the fake service (straight into the table: the route takes only public https endpoints). */
async function subscribe(userId: string) {
  const sub = fake.subscribe();
  await upsertSubscription(t.db, userId, null, { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth });
  return sub;
}
const receivedBy = (id: string) => fake.received.filter((r) => r.id === id);
const attemptsAt = (id: string) => fake.attempts.filter((a) => a === id).length;
const endpointsOf = async (userId: string) =>
  (await t.db.query<{ endpoint: string }>(`SELECT endpoint FROM push_subscriptions WHERE user_id = $1`, [userId])).map((r) => r.endpoint);

/** A published listing, its host and a guest with a room open, the host's browser subscribed. */
async function chatSetup() {
  const listing = await publishedListing(t.app);
  const guest = await signUp(t.app, { name: 'Priya Raman' });
  const room = (await t.app.inject({ method: 'POST', url: api('chat-rooms'), headers: bearer(guest.token), payload: { parking_id: listing.id } })).json().result as { id: string };
  const hostBrowser = await subscribe(listing.host.user.id);
  const send = (text: string) => t.app.inject({ method: 'POST', url: api(`chat-rooms/${room.id}/messages`), headers: bearer(guest.token), payload: { text } });
  return { listing, guest, room, hostBrowser, send };
}

describe('pushes reach the push service signed and encrypted', () => {
  it('a chat message: to the other party, with the conversation to open', async () => {
    const s = await chatSetup();
    expect((await s.send('Is the gate open at 6?')).statusCode).toBe(201);
    await vi.waitFor(() => expect(receivedBy(s.hostBrowser.id)).toHaveLength(1));
    const [push] = receivedBy(s.hostBrowser.id);
    expect(push!.payload).toEqual({
      title: 'New message from Priya',
      body: 'Covered basement spot near Forum Mall: Is the gate open at 6?',
      url: `/chatroom/message?room=${s.room.id}`,
      kind: 'messages',
    });
    expect(push!.claims).toMatchObject({ aud: fake.origin, sub: expect.stringMatching(/^mailto:/) });
    expect(push!.ttl).toBeGreaterThan(0);
  });

  it("a booking: the driver's push opens their booking, the host's opens the host's view", async () => {
    const listing = await publishedListing(t.app);
    const hostBrowser = await subscribe(listing.host.user.id);
    const guest = await newGuest(t.app);
    const guestBrowsers = [await subscribe(guest.user.id), await subscribe(guest.user.id)];
    const created = await guest.calls.book({ parking_id: listing.id, ...window(48, 2) });
    expect(created.statusCode).toBe(201);
    const id = created.json().result.id as string;
    expect((await guest.calls.pay(id)).json().result.status).toBe('confirmed');

    // every subscription of the user gets it
    for (const b of guestBrowsers) {
      await vi.waitFor(() => expect(receivedBy(b.id)).toHaveLength(1));
      expect(receivedBy(b.id)[0]!.payload).toMatchObject({ title: 'Booking confirmed', url: `/parking/booking-details/${id}`, kind: 'bookings' });
      expect(receivedBy(b.id)[0]!.payload.body).toMatch(/^Covered basement spot near Forum Mall, .+ Reference PK-/);
    }
    await vi.waitFor(() => expect(receivedBy(hostBrowser.id)).toHaveLength(1));
    expect(receivedBy(hostBrowser.id)[0]!.payload).toMatchObject({ title: 'New booking', url: `/booking_details?id=${id}`, kind: 'bookings' });
  });

  it(`cuts a long body so the payload stays within ${PUSH_PAYLOAD_MAX_BYTES} bytes`, async () => {
    const user = await signUp(t.app);
    const browser = await subscribe(user.user.id);
    const body = 'Parking ☂️ near the stadium, '.repeat(400);
    await sendPush(t.db, user.user.id, { title: 'T'.repeat(500), body, url: '/ownerbooking', kind: 'bookings' });
    const [push] = receivedBy(browser.id);
    expect(push!.bytes).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
    expect(push!.bytes).toBeGreaterThan(PUSH_PAYLOAD_MAX_BYTES - 20);
    expect(String(push!.payload.body)).toMatch(/…$/);
    expect(body.startsWith(String(push!.payload.body).slice(0, -1))).toBe(true);
    expect([...String(push!.payload.title)]).toHaveLength(100);
    expect(push!.payload.url).toBe('/ownerbooking');
  });

  it('never puts an address outside the site in a payload', async () => {
    const user = await signUp(t.app);
    const browser = await subscribe(user.user.id);
    for (const url of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      await sendPush(t.db, user.user.id, { title: 'Hi', body: 'b', url, kind: 'messages' });
    }
    expect(receivedBy(browser.id)).toHaveLength(4);
    for (const r of receivedBy(browser.id)) expect(r.payload).not.toHaveProperty('url');
  });

  it('the fake service refuses a message signed with another key (so the checks above mean something)', async () => {
    const user = await signUp(t.app);
    const browser = await subscribe(user.user.id);
    const other = webpush.generateVAPIDKeys();
    const result = await sendPush(t.db, user.user.id, { title: 'x', body: 'y' }, senderFor({ vapid: async () => ({ subject: 'mailto:x@parkly.test', ...other }) }));
    expect(result).toMatchObject({ sent: 0, failed: 1 });
    expect(fake.refused).toContainEqual({ id: browser.id, reason: 'signed with another key' });
    expect(attemptsAt(browser.id)).toBe(1); // a 403 is not retried
  });
});

describe('preferences', () => {
  it('a kind turned off is not pushed, and its notification is still written', async () => {
    const s = await chatSetup();
    const host = s.listing.host;
    const off = await t.app.inject({ method: 'PATCH', url: api('push/preferences'), headers: bearer(host.token), payload: { messages: false } });
    expect(off.json().result).toEqual({ messages: false, bookings: true, reviews: true, payouts: true });

    expect((await s.send('Are you there?')).statusCode).toBe(201);
    const direct = await sendPushes(t.db, [
      { userId: host.user.id, payload: { title: 'Muted', body: 'm', kind: 'messages' } },
      { userId: host.user.id, payload: { title: 'Wanted', body: 'w', kind: 'bookings' } },
    ]);
    expect(direct).toEqual({ sent: 1, removed: 0, failed: 0, muted: 1 });
    expect(receivedBy(s.hostBrowser.id).map((r) => r.payload.title)).toEqual(['Wanted']);
    const stored = await t.db.query<{ title: string }>(`SELECT title FROM notifications WHERE user_id = $1 AND title LIKE 'New message%'`, [host.user.id]);
    expect(stored).toHaveLength(1);

    await t.app.inject({ method: 'PATCH', url: api('push/preferences'), headers: bearer(host.token), payload: { messages: true } });
    await s.send('Hello again');
    await vi.waitFor(() => expect(receivedBy(s.hostBrowser.id).map((r) => r.payload.body)).toContain('Covered basement spot near Forum Mall: Hello again'));
    expect(receivedBy(s.hostBrowser.id).map((r) => r.payload.body)).not.toContain('Covered basement spot near Forum Mall: Are you there?');
  });
});

describe('faults', () => {
  it('removes a subscription answered 404 or 410 and keeps the others', async () => {
    const user = await signUp(t.app);
    const [alive, missing, gone] = [await subscribe(user.user.id), await subscribe(user.user.id), await subscribe(user.user.id)];
    fake.answer(missing!.id, 404);
    fake.answer(gone!.id, 410);
    const result = await sendPush(t.db, user.user.id, { title: 'Booking confirmed', body: 'b', kind: 'bookings' });
    expect(result).toEqual({ sent: 1, removed: 2, failed: 0, muted: 0 });
    expect(await endpointsOf(user.user.id)).toEqual([alive!.endpoint]);
    expect(attemptsAt(missing!.id) + attemptsAt(gone!.id)).toBe(2); // gone is not retried
  });

  it('retries a 500, a 503 and a 429, and delivers once the service answers', async () => {
    const user = await signUp(t.app);
    const [a, b] = [await subscribe(user.user.id), await subscribe(user.user.id)];
    fake.answer(a!.id, 500);
    fake.answer(b!.id, 503, 429);
    const result = await sendPush(t.db, user.user.id, { title: 'New review', body: 'b', kind: 'reviews' });
    expect(result).toEqual({ sent: 2, removed: 0, failed: 0, muted: 0 });
    expect([attemptsAt(a!.id), attemptsAt(b!.id)]).toEqual([2, 3]);
    expect(receivedBy(a!.id)).toHaveLength(1);
    expect(receivedBy(b!.id)).toHaveLength(1);
  });

  it('gives up after the last retry, and does not retry a refusal', async () => {
    const user = await signUp(t.app);
    const [down, bad] = [await subscribe(user.user.id), await subscribe(user.user.id)];
    fake.answer(down!.id, 500, 500, 500, 500);
    fake.answer(bad!.id, 400);
    const result = await sendPush(t.db, user.user.id, { title: 'x', body: 'y' });
    expect(result).toEqual({ sent: 0, removed: 0, failed: 2, muted: 0 });
    expect([attemptsAt(down!.id), attemptsAt(bad!.id)]).toEqual([1 + RETRY_DELAYS_MS.length, 1]);
    expect(await endpointsOf(user.user.id)).toHaveLength(2); // failing is not gone
  });

  it('a push service that never answers is given up within the timeout and retries', async () => {
    const user = await signUp(t.app);
    const browser = await subscribe(user.user.id);
    fake.answer(browser.id, 'hang', 'hang', 'hang');
    const started = Date.now();
    const result = await sendPush(t.db, user.user.id, { title: 'x', body: 'y' });
    const took = Date.now() - started;
    expect(result).toEqual({ sent: 0, removed: 0, failed: 1, muted: 0 });
    expect(attemptsAt(browser.id)).toBe(3);
    const bound = 3 * TIMEOUT_MS + RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(took).toBeGreaterThanOrEqual(3 * TIMEOUT_MS);
    expect(took).toBeLessThan(bound + 1500);
  });

  it('a hanging push service never holds up the request that caused the push', async () => {
    const slow = 5_000;
    setPushSender(senderFor({ timeoutMs: slow }));
    try {
      const s = await chatSetup();
      fake.answer(s.hostBrowser.id, 'hang');
      const started = Date.now();
      expect((await s.send('Are you on your way?')).statusCode).toBe(201);
      expect(Date.now() - started).toBeLessThan(slow);
      // the push is under way (the service has it) while the request is long answered
      await vi.waitFor(() => expect(attemptsAt(s.hostBrowser.id)).toBe(1));
      expect(receivedBy(s.hostBrowser.id)).toHaveLength(0);
    } finally {
      setPushSender(senderFor());
    }
  });
});
