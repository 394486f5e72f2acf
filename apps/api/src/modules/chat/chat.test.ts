import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_SEND_LIMIT } from '@parkly/shared/chat';
import type { App } from '../../app';
import { api, bearer, createTestApp, signUp, type TestContext } from '../../../test/helper';
import { paidBooking, window } from '../bookings/testing';
import { listingCalls, publishedListing } from '../listings/testing';

// Guest-host chat: POST/GET chat-rooms, GET chat-rooms/:id, GET/POST chat-rooms/:id/messages, POST chat-rooms/:id/read.

type User = Awaited<ReturnType<typeof signUp>>;

/** The chat calls as one user, answering raw inject responses. */
function chatCalls(app: App, token: string) {
  const call = (method: 'GET' | 'POST', path: string, payload?: unknown) =>
    app.inject({ method, url: api(path), headers: bearer(token), ...(payload !== undefined && { payload: payload as object }) });
  return {
    open: (body: unknown) => call('POST', 'chat-rooms', body),
    rooms: (query = '') => call('GET', `chat-rooms${query}`),
    room: (id: string) => call('GET', `chat-rooms/${id}`),
    messages: (id: string, query = '') => call('GET', `chat-rooms/${id}/messages${query}`),
    send: (id: string, text: unknown) => call('POST', `chat-rooms/${id}/messages`, { text }),
    read: (id: string, upTo: unknown) => call('POST', `chat-rooms/${id}/read`, { up_to: upTo }),
  };
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A published listing, its host and a new guest with a phone, with their chat calls. */
async function setup() {
  const listing = await publishedListing(t.app);
  const guest = await signUp(t.app, { name: 'Priya Raman Iyer' });
  await t.db.query(`UPDATE users SET phone = '+919876543210' WHERE id = ANY($1::uuid[])`, [[guest.user.id, listing.host.user.id]]);
  return { listing, host: listing.host, guest, g: chatCalls(t.app, guest.token), h: chatCalls(t.app, listing.host.token) };
}

async function openRoom(s: Awaited<ReturnType<typeof setup>>) {
  const res = await s.g.open({ parking_id: s.listing.id });
  expect(res.statusCode).toBe(200);
  return res.json().result as { id: string };
}

const noContact = (body: string, ...users: User[]) => {
  for (const u of users) expect(body).not.toContain(u.user.email);
  expect(body).not.toContain('9876543210');
  expect(body).not.toMatch(/"(email|phone)"/);
};

describe('POST chat-rooms', () => {
  it('opens one room per guest and listing, and answers the same room again', async () => {
    const s = await setup();
    const first = await s.g.open({ parking_id: s.listing.id });
    expect(first.statusCode).toBe(200);
    const room = first.json().result;
    expect(room).toMatchObject({
      role: 'guest',
      parking: { id: s.listing.id, title: 'Covered basement spot near Forum Mall' },
      booking_id: null,
      other: { id: s.host.user.id, name: s.host.user.name.split(' ')[0] },
      last_message: null,
      unread_count: 0,
    });
    expect(room.parking.cover_url).toMatch(/^\/uploads\//);
    const again = await s.g.open({ parking_id: s.listing.id });
    expect(again.json().result.id).toBe(room.id);
    noContact(first.body + again.body, s.host, s.guest);
  });

  it('refuses a host opening a room with their own listing, and unknown or hidden listings', async () => {
    const s = await setup();
    const own = await s.h.open({ parking_id: s.listing.id });
    expect(own.statusCode).toBe(422);
    expect(own.json()).toMatchObject({ code: 'UNPROCESSABLE', errors: { parking_id: expect.any(String) } });

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1']) {
      const res = await s.g.open({ parking_id: id });
      expect(res.statusCode, id).toBe(404);
    }
    const draft = (await listingCalls(t.app, s.host.token).create({ title: 'A draft' })).json().result.id;
    expect((await s.g.open({ parking_id: draft })).statusCode).toBe(404);
    expect((await s.g.open({})).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: api('chat-rooms'), payload: { parking_id: s.listing.id } })).statusCode).toBe(401);
  });

  it("links the guest's booking, and lets the host open the room of a booking's guest", async () => {
    const listing = await publishedListing(t.app);
    const { guest, booking } = await paidBooking(t.app, listing.id, window(24, 2));
    const h = chatCalls(t.app, listing.host.token);
    const byHost = await h.open({ parking_id: listing.id, booking_id: booking.id });
    expect(byHost.statusCode).toBe(200);
    expect(byHost.json().result).toMatchObject({ role: 'host', booking_id: booking.id, other: { id: guest.user.id } });

    const byGuest = await chatCalls(t.app, guest.token).open({ parking_id: listing.id });
    expect(byGuest.json().result).toMatchObject({ id: byHost.json().result.id, role: 'guest', booking_id: booking.id });

    // a stranger cannot use someone else's booking
    const stranger = await signUp(t.app);
    expect((await chatCalls(t.app, stranger.token).open({ parking_id: listing.id, booking_id: booking.id })).statusCode).toBe(404);
  });
});

describe('messages', () => {
  it('sends, trims, strips control characters and lists the newest page first, older pages by before', async () => {
    const s = await setup();
    const room = await openRoom(s);
    const sent = await s.g.send(room.id, '  Hello\u0000 there,\r\nis the gate open at 6?\u0007  ');
    expect(sent.statusCode).toBe(201);
    expect(sent.json().result).toMatchObject({ room_id: room.id, sender_id: s.guest.user.id, text: 'Hello there,\nis the gate open at 6?' });

    for (let i = 1; i <= 44; i += 1) expect((await (i % 2 ? s.h : s.g).send(room.id, `message ${i}`)).statusCode).toBe(201);

    const first = await s.h.messages(room.id, '?limit=20');
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.has_more).toBe(true);
    expect(page1.result.map((m: { text: string }) => m.text)).toEqual(Array.from({ length: 20 }, (_, i) => `message ${25 + i}`));
    const ids = page1.result.map((m: { id: string }) => Number(m.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const page2 = (await s.h.messages(room.id, `?limit=20&before=${page1.result[0].id}`)).json();
    expect(page2.result.map((m: { text: string }) => m.text)).toEqual(Array.from({ length: 20 }, (_, i) => `message ${5 + i}`));
    const page3 = (await s.h.messages(room.id, `?limit=20&before=${page2.result[0].id}`)).json();
    expect(page3.has_more).toBe(false);
    expect(page3.result).toHaveLength(5);
    expect(page3.result[0].text).toBe('Hello there,\nis the gate open at 6?');

    expect((await s.g.messages(room.id, '?before=abc')).statusCode).toBe(400);
    expect((await s.g.messages(room.id, '?limit=1000')).statusCode).toBe(400);
  });

  it('refuses empty, whitespace-only and over-long messages with field errors', async () => {
    const s = await setup();
    const room = await openRoom(s);
    for (const text of ['', '   \n\t  ', '\u0000\u0001', 'x'.repeat(10_000), 'y'.repeat(2001), 42, null]) {
      const res = await s.g.send(room.id, text);
      expect(res.statusCode, String(text).slice(0, 20)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: { text: expect.any(String) } });
    }
    expect((await s.g.send(room.id, 'z'.repeat(2000))).statusCode).toBe(201);
    expect((await s.g.send(room.id, `  ${'z'.repeat(2000)}  `)).statusCode).toBe(201);
  });

  it('keeps a room to its two parties: anyone else gets 404, an admin may read but not write', async () => {
    const s = await setup();
    const room = await openRoom(s);
    await s.g.send(room.id, 'Private question');
    const stranger = chatCalls(t.app, (await signUp(t.app)).token);
    for (const res of [
      await stranger.room(room.id),
      await stranger.messages(room.id),
      await stranger.send(room.id, 'Let me in'),
      await stranger.read(room.id, '1'),
      await s.g.room('00000000-0000-4000-8000-000000000000'),
      await s.g.room('nope'),
      await s.g.send('nope', 'hi'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Private question');
    }
    expect((await stranger.rooms()).json().result).toEqual([]);

    const admin = await signUp(t.app);
    await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.user.id]);
    const a = chatCalls(t.app, admin.token);
    expect((await a.room(room.id)).json().result).toMatchObject({ role: 'admin' });
    expect((await a.messages(room.id)).json().result[0].text).toBe('Private question');
    expect((await a.send(room.id, 'Admin here')).statusCode).toBe(403);
  });

  it('never reveals an e-mail address or phone number in any answer', async () => {
    const s = await setup();
    const room = await openRoom(s);
    const bodies = [
      (await s.g.send(room.id, 'Hi')).body,
      (await s.h.send(room.id, 'Hello')).body,
      (await s.g.rooms()).body,
      (await s.h.rooms()).body,
      (await s.g.room(room.id)).body,
      (await s.h.room(room.id)).body,
      (await s.h.messages(room.id)).body,
    ];
    noContact(bodies.join('\n'), s.host, s.guest);
    // first names only
    expect((await s.h.room(room.id)).json().result.other.name).toBe('Priya');
  });
});

describe('rooms, unread counts and read receipts', () => {
  it("lists the user's rooms as guest and host, newest first, with unread counts and a cursor", async () => {
    const s = await setup();
    const room = await openRoom(s);
    // the host does not see a room before its first message
    expect((await s.h.rooms()).json().result).toEqual([]);
    await s.g.send(room.id, 'one');
    await s.g.send(room.id, 'two');

    const hostList = (await s.h.rooms()).json();
    expect(hostList.result).toHaveLength(1);
    expect(hostList.result[0]).toMatchObject({ id: room.id, role: 'host', unread_count: 2, last_message: { text: 'two', sender_id: s.guest.user.id } });
    expect(hostList.unread_total).toBe(2);
    expect((await s.g.rooms()).json().result[0]).toMatchObject({ id: room.id, unread_count: 0 });

    // the host also talks as a guest about someone else's listing: both sides list, newest first
    const other = await publishedListing(t.app, { title: 'Driveway off 80 Feet Road' });
    const asGuest = (await s.h.open({ parking_id: other.id })).json().result;
    expect((await s.h.rooms()).json().result.map((r: { id: string }) => r.id)).toEqual([asGuest.id, room.id]);
    expect((await s.h.rooms('?role=host')).json().result.map((r: { id: string }) => r.id)).toEqual([room.id]);
    expect((await s.h.rooms('?role=guest')).json().result.map((r: { id: string }) => r.id)).toEqual([asGuest.id]);
    await s.g.send(room.id, 'three');
    const ordered = (await s.h.rooms()).json().result.map((r: { id: string }) => r.id);
    expect(ordered).toEqual([room.id, asGuest.id]);

    const p1 = (await s.h.rooms('?limit=1')).json();
    expect(p1.result.map((r: { id: string }) => r.id)).toEqual([room.id]);
    const p2 = (await s.h.rooms(`?limit=1&cursor=${p1.next_cursor}`)).json();
    expect(p2.result.map((r: { id: string }) => r.id)).toEqual([asGuest.id]);
    expect(p2.next_cursor).toBeNull();
    expect((await s.h.rooms('?cursor=garbage')).statusCode).toBe(400);
  });

  it('moves the read mark forward only, clears the unread count and shows the sender it was seen', async () => {
    const s = await setup();
    const room = await openRoom(s);
    const m1 = (await s.g.send(room.id, 'first')).json().result;
    const m2 = (await s.g.send(room.id, 'second')).json().result;
    expect((await s.h.room(room.id)).json().result.unread_count).toBe(2);

    const r1 = await s.h.read(room.id, m1.id);
    expect(r1.statusCode).toBe(200);
    expect(r1.json().result).toEqual({ room_id: room.id, last_read_id: m1.id, unread_count: 1 });
    expect((await s.g.room(room.id)).json().result.other_last_read_id).toBe(m1.id);

    expect((await s.h.read(room.id, m2.id)).json().result.unread_count).toBe(0);
    // never back, never past the last message
    expect((await s.h.read(room.id, m1.id)).json().result.last_read_id).toBe(m2.id);
    expect((await s.h.read(room.id, '999999999')).json().result.last_read_id).toBe(m2.id);
    expect((await s.g.room(room.id)).json().result.other_last_read_id).toBe(m2.id);
    expect((await s.h.rooms()).json()).toMatchObject({ unread_total: 0, result: [{ unread_count: 0 }] });
    expect((await s.h.read(room.id, 'latest')).statusCode).toBe(400);
  });

  it('notifies the other party and publishes message, unread and read events', async () => {
    const s = await setup();
    const room = await openRoom(s);
    const m = (await s.g.send(room.id, 'Is there EV charging?')).json().result;
    const notes = await t.db.query<{ title: string; description: string }>(`SELECT title, description FROM notifications WHERE user_id = $1 AND title LIKE 'New message%'`, [s.host.user.id]);
    expect(notes).toEqual([{ title: 'New message from Priya', description: 'Covered basement spot near Forum Mall: Is there EV charging?' }]);

    // the chat's own events (notifications publish theirs too)
    const events = async (userId: string) =>
      (
        await t.db.query<{ type: string; data: Record<string, unknown> }>(
          `SELECT type, data FROM realtime_events
            WHERE user_id = $1 AND (type IN ('message', 'read') OR (type = 'unread' AND data ? 'messages')) ORDER BY id`,
          [userId],
        )
      ).map((e) => ({ type: e.type, data: e.data }));
    expect(await events(s.host.user.id)).toEqual([
      { type: 'message', data: { room_id: room.id, message: m } },
      { type: 'unread', data: { messages: 1 } },
    ]);
    await s.h.read(room.id, m.id);
    expect((await events(s.guest.user.id)).map((e) => e.type)).toEqual(['message', 'read']);
    expect((await events(s.guest.user.id))[1]!.data).toEqual({ room_id: room.id, reader_id: s.host.user.id, up_to_message_id: m.id });
  });
});

describe('a flood of messages', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMITS: '1' });
  });
  afterAll(() => limited.close());

  it(`answers 429 with Retry-After past ${CHAT_SEND_LIMIT.max} messages a minute`, async () => {
    const listing = await publishedListing(limited.app);
    const guest = await signUp(limited.app);
    const g = chatCalls(limited.app, guest.token);
    const room = (await g.open({ parking_id: listing.id })).json().result;
    for (let i = 0; i < CHAT_SEND_LIMIT.max; i += 1) expect((await g.send(room.id, `spam ${i}`)).statusCode).toBe(201);
    const refused = await g.send(room.id, 'one too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // the host, another user, can still answer
    const host = chatCalls(limited.app, listing.host.token);
    expect((await host.send(room.id, 'Please slow down')).statusCode).toBe(201);
  });
});

