import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, createTestApp, signUp, TEST_DB_KIND, type TestContext } from '../../../test/helper';
import { publishedListing } from '../listings/testing';
import { DIGEST_DELAY_MS, runMessageDigests } from './message-digest.service';

// The new-message e-mail digest: who gets one (offline when the messages came, still unread after the
// delay), what it says, and that it is queued once.

/** The `ws` client (a dependency of @fastify/websocket; its types are not installed), as these tests use it. */
interface WsClient {
  send(data: string): void;
  close(): void;
  on(event: 'open' | 'close', cb: () => void): void;
  on(event: 'message', cb: (data: Buffer) => void): void;
  on(event: 'error', cb: (err: Error) => void): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string) => WsClient;

const PUBLIC_URL = 'https://parkly.example';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t?.close());

const run = (delayMs?: number) => runMessageDigests({ db: t.db, publicUrl: PUBLIC_URL }, delayMs);

type User = Awaited<ReturnType<typeof signUp>>;

/** A host with a published space "Covered basement spot near Forum Mall" and a guest's room about it. */
async function conversation(guestName = 'Priya Raman') {
  const listing = await publishedListing(t.app);
  const guest = await signUp(t.app, { name: guestName });
  const res = await t.app.inject({ method: 'POST', url: api('chat-rooms'), headers: bearer(guest.token), payload: { parking_id: listing.id } });
  expect(res.statusCode).toBe(200);
  return { listing, host: listing.host, guest, roomId: (res.json() as { result: { id: string } }).result.id };
}

async function send(user: User, roomId: string, text: string) {
  const res = await t.app.inject({ method: 'POST', url: api(`chat-rooms/${roomId}/messages`), headers: bearer(user.token), payload: { text } });
  expect(res.statusCode).toBe(201);
  return (res.json() as { result: { id: string } }).result.id;
}

/** The messages of these rooms were sent `minutes` earlier than they were. */
const age = (roomIds: string[], minutes: number) =>
  t.db.query(`UPDATE chat_messages SET created_at = created_at - $2::int * interval '1 minute' WHERE room_id = ANY($1::uuid[])`, [roomIds, minutes]);

const digestsTo = (user: User) =>
  t.db.query<{ subject: string; body_text: string; body_html: string }>(
    `SELECT subject, body_text, body_html FROM email_outbox WHERE to_address = $1 AND subject LIKE '%new message%' ORDER BY created_at`,
    [user.user.email],
  );

/** Opens the user's realtime socket and waits for its hello: from then on the user is online. */
async function goOnline(user: User) {
  const ticket = (await t.app.inject({ method: 'POST', url: api('realtime/ticket'), headers: bearer(user.token) })).json() as { ticket: string };
  const ws = new WebSocket(`${base}/backend/api/v1/realtime?ticket=${ticket.ticket}`);
  await new Promise<void>((resolve, reject) => {
    ws.on('message', (data) => {
      if ((JSON.parse(data.toString()) as { kind: string }).kind === 'hello') resolve();
    });
    ws.on('error', reject);
  });
  return {
    async close() {
      const closed = new Promise<void>((resolve) => ws.on('close', resolve));
      ws.close();
      await closed;
      // the hub marks the user gone on its side of the close
      await sleep(100);
    },
  };
}

describe(`message digest (${TEST_DB_KIND})`, () => {
  it('mails an offline user once after the delay, with each room and its unread count', async () => {
    const a = await conversation('Priya Raman');
    const second = await publishedListing(t.app, { title: 'Gated driveway in Indiranagar' });
    const res = await t.app.inject({ method: 'POST', url: api('chat-rooms'), headers: bearer(a.guest.token), payload: { parking_id: second.id } });
    const roomB = (res.json() as { result: { id: string } }).result.id;
    // the guest writes to two hosts; the first host answers nothing, the second is written to once
    await send(a.guest, a.roomId, 'Hello! Is the gate open at 6?');
    await send(a.guest, a.roomId, 'And can I leave a <b>bike</b> too?');
    await send(a.guest, roomB, 'Is the driveway free on Saturday?');
    // the second host replies in the second room: the guest has one unread message too
    const b = { host: second.host, roomId: roomB };
    await send(b.host, roomB, 'Yes, it is.');
    // and another guest writes to the first host
    const other = await signUp(t.app, { name: 'Kavya Rao' });
    const opened = await t.app.inject({ method: 'POST', url: api('chat-rooms'), headers: bearer(other.token), payload: { parking_id: a.listing.id } });
    const roomC = (opened.json() as { result: { id: string } }).result.id;
    await send(other, roomC, 'Do you have space for a van?');

    // not yet: the messages are younger than the delay
    await run();
    expect(await digestsTo(a.host)).toHaveLength(0);

    await age([a.roomId, roomB, roomC], DIGEST_DELAY_MS / 60_000 + 1);
    await run();
    const [mail, ...more] = await digestsTo(a.host);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('3 new messages on Parkly');
    expect(mail!.body_text).toContain('while you were away you got 3 new messages in 2 conversations.');
    // the newest conversation first
    expect(mail!.body_text.indexOf('Kavya')).toBeLessThan(mail!.body_text.indexOf('Priya'));
    expect(mail!.body_text).toContain(
      `Priya about Covered basement spot near Forum Mall (2 new messages):\n  "And can I leave a <b>bike</b> too?"\n  Reply: ${PUBLIC_URL}/chatroom/message?room=${a.roomId}`,
    );
    expect(mail!.body_text).toContain(`Kavya about Covered basement spot near Forum Mall (1 new message):\n  "Do you have space for a van?"\n  Reply: ${PUBLIC_URL}/chatroom/message?room=${roomC}`);
    expect(mail!.body_html).toContain('&lt;b&gt;bike&lt;/b&gt;');
    expect(mail!.body_text).not.toContain(a.guest.user.email);

    const [toGuest] = await digestsTo(a.guest);
    expect(toGuest!.subject).toMatch(/^1 new message from \S+ on Parkly$/);
    expect(toGuest!.body_text).toContain(`about Gated driveway in Indiranagar (1 new message):\n  "Yes, it is."`);

    // replying read the room up to the reply
    expect(await digestsTo(b.host)).toHaveLength(0);
  });

  it('queues once however often the job runs, and later only for the messages not mailed yet', async () => {
    const c = await conversation('Kabir Shah');
    await send(c.guest, c.roomId, 'First question');
    await age([c.roomId], 11);
    await run();
    expect(await run()).toEqual({ queued: 0 });
    expect(await digestsTo(c.host)).toHaveLength(1);

    // the marks set back (as if the job died after queueing): the mail's event key still refuses a second
    await t.db.query(`UPDATE chat_rooms SET host_digest_id = 0 WHERE id = $1`, [c.roomId]);
    await run();
    expect(await digestsTo(c.host)).toHaveLength(1);

    await send(c.guest, c.roomId, 'Second question');
    await age([c.roomId], 11);
    await run();
    const mails = await digestsTo(c.host);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('1 new message from Kabir on Parkly');
    expect(mails[1]!.body_text).toContain('"Second question"');
  });

  it('mails no one about a message they have read', async () => {
    const c = await conversation();
    const id = await send(c.guest, c.roomId, 'Read me');
    const read = await t.app.inject({ method: 'POST', url: api(`chat-rooms/${c.roomId}/read`), headers: bearer(c.host.token), payload: { up_to: id } });
    expect(read.statusCode).toBe(200);
    await age([c.roomId], 11);
    await run();
    expect(await digestsTo(c.host)).toHaveLength(0);
  });

  it('mails no one who was online when the message came, only about what came once they were gone', async () => {
    const c = await conversation('Meera Nair');
    const socket = await goOnline(c.host);
    await send(c.guest, c.roomId, 'Are you there?');
    await run(0);
    expect(await digestsTo(c.host)).toHaveLength(0);

    await socket.close();
    await run(0);
    expect(await digestsTo(c.host)).toHaveLength(0);

    await send(c.guest, c.roomId, 'Never mind, I will call.');
    await run(0);
    const [mail, ...more] = await digestsTo(c.host);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('1 new message from Meera on Parkly');
    expect(mail!.body_text).toContain('"Never mind, I will call."');
  });

  it('mails no one who came online after the message, even if they have not read it', async () => {
    const c = await conversation();
    await send(c.guest, c.roomId, 'Hello?');
    const socket = await goOnline(c.host);
    await socket.close();
    await run(0);
    expect(await digestsTo(c.host)).toHaveLength(0);
  });
});
