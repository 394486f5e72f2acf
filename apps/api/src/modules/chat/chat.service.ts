/**
 * Guest-host chat: one room per listing and guest. Only the two parties (and admins, reading) see a
 * room; to anyone else it does not exist (404). A new message notifies the other party through the
 * one door (notify) and goes out live (publish) once its transaction commits.
 */
import { CHAT_SEND_LIMIT, type ChatMessagesQueryParsed, type ChatRoomsQueryParsed } from '@parkly/shared/chat';
import type { Database, Queryable } from '../../db/database';
import { AppError, badRequest, notFound, tooManyRequests } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { UrlOf } from '../../plugins/storage';
import { notify } from '../notifications/notify';
import { bumpCounter } from '../rate-limits/counters.service';
import { publish } from '../realtime/publish';
import { decodeCursor, encodeCursor, roleIn, toMessage, toRoom, UUID } from './chat-dto';
import * as repo from './chat.repository';

export interface ChatDeps {
  db: Database;
  urlOf: UrlOf;
  /** whether the per-user send limit applies (RATE_LIMITS) */
  limits: boolean;
}

const roomNotFound = () => notFound('Conversation not found');
const SNIPPET = 140;

/** The room as the user sees it; 404 when it does not exist or they are not in it. */
async function visibleRoom(db: Queryable, user: AuthUser, roomId: string, opts: { write?: boolean } = {}) {
  if (!UUID.test(roomId)) throw roomNotFound();
  const row = await repo.findRoom(db, user.id, roomId);
  const role = row && roleIn(row, user);
  if (!row || !role) throw roomNotFound();
  if (opts.write && role === 'admin') throw new AppError('FORBIDDEN', 'Administrators can read conversations, not write in them');
  return { row, role };
}

/** Opens (or finds) the room of this guest and listing. A host opens the room of a booking's guest. */
export async function openRoom(deps: ChatDeps, user: AuthUser, input: { parking_id: string; booking_id?: string }) {
  const { db } = deps;
  const listing = UUID.test(input.parking_id) ? await repo.findListingForRoom(db, input.parking_id) : undefined;
  if (!listing) throw notFound('Parking not found');
  let booking: { id: string; guest_id: string } | null = null;
  if (input.booking_id) {
    const b = UUID.test(input.booking_id) ? await repo.findBookingForRoom(db, input.booking_id) : undefined;
    const party = b && (b.guest_id === user.id || listing.host_id === user.id);
    if (!b || b.listing_id !== listing.id || !party) throw notFound('Booking not found');
    booking = b;
  }
  const guestId = listing.host_id === user.id ? booking?.guest_id : user.id;
  if (!guestId) throw new AppError('UNPROCESSABLE', 'You cannot open a conversation about your own listing', { errors: { parking_id: 'This is your own listing' } });
  if (!listing.is_public && !booking) throw notFound('Parking not found');
  const bookingId = booking?.id ?? (await repo.latestBookingId(db, listing.id, guestId));
  await repo.upsertRoom(db, { listingId: listing.id, guestId, hostId: listing.host_id, bookingId });
  const row = (await repo.findRoomByListingGuest(db, user.id, listing.id, guestId))!;
  return toRoom(row, roleIn(row, user)!, deps.urlOf);
}

export async function listRooms(deps: ChatDeps, user: AuthUser, query: ChatRoomsQueryParsed) {
  const { limit } = query;
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (after === null) throw badRequest('The cursor is not valid', { cursor: 'Not a cursor of this list' });
  const rows = await repo.listRooms(deps.db, user.id, { role: query.role, after, limit });
  const page = rows.slice(0, limit);
  return {
    result: page.map((r) => toRoom(r, roleIn(r, user)!, deps.urlOf)),
    next_cursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null,
    unread_total: await repo.unreadTotal(deps.db, user.id),
  };
}

export async function viewRoom(deps: ChatDeps, user: AuthUser, roomId: string) {
  const { row, role } = await visibleRoom(deps.db, user, roomId);
  return toRoom(row, role, deps.urlOf);
}

/** A page of history, oldest first: the newest `limit` messages below `before`. */
export async function listMessages(deps: ChatDeps, user: AuthUser, roomId: string, query: ChatMessagesQueryParsed) {
  await visibleRoom(deps.db, user, roomId);
  const { limit } = query;
  const rows = await repo.listMessages(deps.db, roomId, { before: query.before, limit });
  return { result: rows.slice(0, limit).reverse().map(toMessage), has_more: rows.length > limit };
}

/** Sends a message (already cleaned and checked by the schema) to the other party. */
export async function sendMessage(deps: ChatDeps, user: AuthUser, roomId: string, text: string) {
  const { db } = deps;
  const { row, role } = await visibleRoom(db, user, roomId, { write: true });
  if (deps.limits) {
    const hits = await bumpCounter(db, `chat-send:${user.id}`, CHAT_SEND_LIMIT.windowMs);
    if (hits.count > CHAT_SEND_LIMIT.max) throw tooManyRequests(hits.ttlMs, 'You are sending messages too quickly. Please wait a moment.');
  }
  const otherId = role === 'guest' ? row.host_id : row.guest_id;
  const senderName = (role === 'guest' ? row.guest_name : row.host_name).trim().split(/\s+/)[0] ?? '';
  const message = await db.transaction(async (tx) => {
    const m = toMessage(await repo.insertMessage(tx, roomId, user.id, text));
    const snippet = text.length > SNIPPET ? `${text.slice(0, SNIPPET - 1)}…` : text;
    await notify(
      tx,
      {
        userId: otherId,
        title: `New message from ${senderName}`,
        description: `${row.title ?? 'Your parking'}: ${snippet}`,
        push: { kind: 'messages', url: `/chatroom/message?room=${encodeURIComponent(roomId)}` },
      },
    );
    await publish(tx, [otherId, user.id], { type: 'message', data: { room_id: roomId, message: m } });
    await publish(tx, [otherId], { type: 'unread', data: { messages: await repo.unreadTotal(tx, otherId) } });
    return m;
  });
  return message;
}

/** A read receipt: the reader has seen the room up to `upTo`; the other party learns it live. */
export async function markRead(deps: ChatDeps, user: AuthUser, roomId: string, upTo: string) {
  const { row, role } = await visibleRoom(deps.db, user, roomId, { write: true });
  const otherId = role === 'guest' ? row.host_id : row.guest_id;
  return deps.db.transaction(async (tx) => {
    const mark = await repo.markRead(tx, roomId, user.id, upTo);
    const unread = await repo.unreadTotal(tx, user.id);
    const before = role === 'guest' ? row.guest_last_read_id : row.host_last_read_id;
    if (mark !== String(before)) {
      await publish(tx, [otherId, user.id], { type: 'read', data: { room_id: roomId, reader_id: user.id, up_to_message_id: mark } });
      await publish(tx, [user.id], { type: 'unread', data: { messages: unread } });
    }
    return { room_id: roomId, last_read_id: mark, unread_count: await repo.unreadInRoom(tx, roomId, user.id, mark) };
  });
}
