import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, bearer, createTestApp, signUp, type TestContext } from '../../../test/helper';
import { publishedListing } from '../listings/testing';
import { startFakePushService, type FakePushService } from './fake-push-service';
import { createPushOutbox, type PushOutbox } from './push-outbox';
import { upsertSubscription } from './push.repository';
import { createWebPushTransport, getPushSender, pushFailureCount, setPushSender, type PushSender } from './push.service';
import { vapidDetails } from './vapid-keys';

// The push outbox (decision 029): a push is a row written with its notice, in the transaction of the
// change; the sender kicked at the commit sends it, a retry falls due by itself, and a sweep (any
// instance, after a restart) sends what a crash left. Through the real web-push to the fake service.

const RETRY_DELAYS_MS = [20, 40];

let t: TestContext;
let fake: FakePushService;
let appSender: PushSender | null;
const outboxes: PushOutbox[] = [];

const senderFor = (): PushSender => ({
  vapid: () => vapidDetails(t.app.config),
  transport: createWebPushTransport({ timeoutMs: 2_000, agent: fake.agent }),
  log: { warn: () => undefined },
  retryDelaysMs: RETRY_DELAYS_MS,
});

/** Another instance's sender on the same database (or this one's after a restart); it hears no commits. */
function instance(opts: { batch?: number; sender?: PushSender } = {}) {
  const { batch, sender = senderFor() } = opts;
  const outbox = createPushOutbox({ db: t.db, sender: () => sender, log: { warn: () => undefined }, batch });
  outboxes.push(outbox);
  return outbox;
}

beforeAll(async () => {
  t = await createTestApp();
  const publicKey = (await t.app.inject({ url: api('push/public-key') })).json().result.public_key as string;
  fake = await startFakePushService({ vapidPublicKey: publicKey });
  appSender = getPushSender();
});
beforeEach(() => setPushSender(senderFor()));
afterAll(async () => {
  for (const o of outboxes) await o.close();
  setPushSender(appSender);
  await fake.close();
  await t.close();
});

const subscribe = (userId: string) => fake.subscribeUser(t.db, userId);
const receivedBy = (id: string) => fake.receivedBy(id);
const attemptsAt = (id: string) => fake.attemptsAt(id);
const outboxOf = (userId: string) =>
  t.db.query<{ status: string; attempts: number; last_error: string | null; due_in_ms: number }>(
    `SELECT status, attempts, last_error, (extract(epoch FROM next_attempt_at - now()) * 1000)::float8 AS due_in_ms FROM push_outbox WHERE user_id = $1 ORDER BY id`,
    [userId],
  );

/** A guest writing to a host whose browser is subscribed: each message a push to the host. */
async function chat() {
  const listing = await publishedListing(t.app);
  const guest = await signUp(t.app, { name: 'Priya Raman' });
  const room = (await t.app.inject({ method: 'POST', url: api('chat-rooms'), headers: bearer(guest.token), payload: { parking_id: listing.id } })).json().result as { id: string };
  const hostBrowser = await subscribe(listing.host.user.id);
  const send = async (text: string) => {
    const res = await t.app.inject({ method: 'POST', url: api(`chat-rooms/${room.id}/messages`), headers: bearer(guest.token), payload: { text } });
    expect(res.statusCode).toBe(201);
  };
  return { host: listing.host, hostBrowser, send };
}

describe('the push outbox', () => {
  it('writes the push with its notice and sends it as soon as the change commits', async () => {
    const s = await chat();
    await s.send('Is the gate open at 6?');
    await vi.waitFor(() => expect(receivedBy(s.hostBrowser.id)).toHaveLength(1));
    expect(receivedBy(s.hostBrowser.id)[0]!.payload).toMatchObject({ title: 'New message from Priya', kind: 'messages' });
    // sent, so gone from the outbox
    await vi.waitFor(async () => expect(await outboxOf(s.host.user.id)).toEqual([]));
  });

  it('a push written by a process that died before sending it is sent by the sweep', async () => {
    const s = await chat();
    // the process that wrote it "crashes" at the commit: nothing of it sends (no sender to kick)
    setPushSender(null);
    await s.send('Running 10 minutes late');
    expect(await outboxOf(s.host.user.id)).toMatchObject([{ status: 'pending', attempts: 0 }]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receivedBy(s.hostBrowser.id)).toHaveLength(0);

    // an instance started afterwards (or another one) sweeps
    expect(await instance().sweep()).toBe(1);
    expect(receivedBy(s.hostBrowser.id).map((r) => r.payload.body)).toEqual(['Covered basement spot near Forum Mall: Running 10 minutes late']);
    expect(await outboxOf(s.host.user.id)).toEqual([]);
  });

  it('a push whose sender died mid-send is sent again once its lease runs out', async () => {
    const s = await chat();
    setPushSender(null);
    await s.send('Where do I park?');
    // claimed by a sender that then died: 'sending', its lease still running
    await t.db.query(`UPDATE push_outbox SET status = 'sending', attempts = 1, sending_until = now() + interval '1 minute' WHERE user_id = $1`, [s.host.user.id]);
    const other = instance();
    expect(await other.sweep()).toBe(0);
    await t.db.query(`UPDATE push_outbox SET sending_until = now() - interval '1 second' WHERE user_id = $1`, [s.host.user.id]);
    expect(await other.sweep()).toBe(1);
    expect(receivedBy(s.hostBrowser.id)).toHaveLength(1);
    expect(await outboxOf(s.host.user.id)).toEqual([]);
  });

  it('retries a push the service failed, with backoff, until it is delivered', async () => {
    const s = await chat();
    fake.answer(s.hostBrowser.id, 500, 503);
    await s.send('Hello?');
    await vi.waitFor(() => expect(receivedBy(s.hostBrowser.id)).toHaveLength(1));
    expect(attemptsAt(s.hostBrowser.id)).toBe(3);
    await vi.waitFor(async () => expect(await outboxOf(s.host.user.id)).toEqual([]));
  });

  it('waits between attempts, and after the last one keeps the push as failed with its error', async () => {
    const s = await chat();
    const failuresBefore = pushFailureCount();
    // one retry, a minute later
    const patient = { ...senderFor(), retryDelaysMs: [60_000] };
    setPushSender(patient);
    fake.answer(s.hostBrowser.id, 500, 500);
    await s.send('Anyone there?');
    await vi.waitFor(async () => expect(await outboxOf(s.host.user.id)).toMatchObject([{ status: 'pending', attempts: 1, last_error: expect.stringMatching(/^500/) }]));
    const [waiting] = await outboxOf(s.host.user.id);
    expect(waiting!.due_in_ms).toBeGreaterThan(50_000);
    // not due yet: a sweep leaves it alone
    const other = instance({ sender: patient });
    expect(await other.sweep()).toBe(0);
    await t.db.query(`UPDATE push_outbox SET next_attempt_at = now() WHERE user_id = $1`, [s.host.user.id]);
    expect(await other.sweep()).toBe(1);
    expect(await outboxOf(s.host.user.id)).toMatchObject([{ status: 'failed', attempts: 2, last_error: expect.stringMatching(/^500/) }]);
    expect(attemptsAt(s.hostBrowser.id)).toBe(2);
    expect(pushFailureCount()).toBe(failuresBefore + 1);
    // failing is not gone: the device keeps its subscription
    expect(await t.db.query(`SELECT 1 FROM push_subscriptions WHERE user_id = $1`, [s.host.user.id])).toHaveLength(1);
  });

  it('gives up on a device the service says is gone, and removes it with what still waited for it', async () => {
    const s = await chat();
    const second = await subscribe(s.host.user.id);
    fake.answer(s.hostBrowser.id, 410);
    fake.answer(second.id, 404);
    await s.send('First');
    await vi.waitFor(async () => expect(await t.db.query(`SELECT 1 FROM push_subscriptions WHERE user_id = $1`, [s.host.user.id])).toHaveLength(0));
    expect(attemptsAt(s.hostBrowser.id) + attemptsAt(second.id)).toBe(2);
    expect(await outboxOf(s.host.user.id)).toEqual([]);
  });

  it('does not send to a device that has since signed in as someone else', async () => {
    const s = await chat();
    setPushSender(null);
    await s.send('For the host only');
    const other = await signUp(t.app);
    await upsertSubscription(t.db, other.user.id, null, { endpoint: s.hostBrowser.endpoint, p256dh: s.hostBrowser.keys.p256dh, auth: s.hostBrowser.keys.auth });
    expect(await instance().sweep()).toBe(0);
    expect(receivedBy(s.hostBrowser.id)).toHaveLength(0);
    expect(await outboxOf(s.host.user.id)).toEqual([]);
  });

  it('two senders draining at once never send one push twice', async () => {
    const s = await chat();
    const more = [await subscribe(s.host.user.id), await subscribe(s.host.user.id)];
    const browsers = [s.hostBrowser, ...more];
    setPushSender(null);
    const texts = Array.from({ length: 12 }, (_, i) => `Message ${i + 1}`);
    for (const text of texts) await s.send(text);
    expect(await outboxOf(s.host.user.id)).toHaveLength(texts.length * browsers.length);

    // small batches, so the two take turns claiming
    const [a, b] = [instance({ batch: 3 }), instance({ batch: 3 })];
    await Promise.all([a.runOnce(), b.runOnce(), a.sweep(), b.sweep()]);
    for (const browser of browsers) {
      const bodies = receivedBy(browser.id).map((r) => String(r.payload.body).replace(/^.*: /, ''));
      expect(bodies.sort()).toEqual([...texts].sort());
      expect(attemptsAt(browser.id)).toBe(texts.length);
    }
    expect(await outboxOf(s.host.user.id)).toEqual([]);
  });
});
