/** Chat SQL: rooms, messages and read marks. Ids reaching here are well-formed (the service checks). */
import type { Queryable } from '../../db/database';
import { one } from '../../db/database';
import { publicListingSql } from '../listings/listing-card';

export interface RoomRow {
  id: string;
  listing_id: string;
  guest_id: string;
  host_id: string;
  booking_id: string | null;
  guest_last_read_id: string;
  host_last_read_id: string;
  created_at: Date;
  activity_at: Date;
  title: string | null;
  cover_key: string | null;
  guest_name: string;
  guest_photo: string | null;
  host_name: string;
  host_photo: string | null;
  last_id: string | null;
  last_sender_id: string | null;
  last_text: string | null;
  last_created_at: Date | null;
  /** messages of the other party above the viewer's read mark */
  unread_count: number;
}

export interface MessageRow {
  id: string;
  room_id: string;
  sender_id: string;
  text: string;
  created_at: Date;
}

/** The viewer's read mark in room `r`: $1 is the viewer. */
const myReadSql = `CASE WHEN r.guest_id = $1 THEN r.guest_last_read_id ELSE r.host_last_read_id END`;

/**
 * A room as a viewer ($1) sees it: listing title and cover, both parties' names and photos (never
 * e-mail or phone), the last message and the viewer's unread count.
 */
const roomSelect = (from: string) => `
  SELECT r.id, r.listing_id, r.guest_id, r.host_id, r.booking_id, r.guest_last_read_id::text, r.host_last_read_id::text,
         r.created_at, COALESCE(r.last_message_at, r.created_at) AS activity_at,
         l.title, c.thumb_key AS cover_key,
         g.name AS guest_name, g.profile_image AS guest_photo, h.name AS host_name, h.profile_image AS host_photo,
         m.id::text AS last_id, m.sender_id AS last_sender_id, m.text AS last_text, m.created_at AS last_created_at,
         (SELECT count(*)::int FROM chat_messages u
           WHERE u.room_id = r.id AND u.id > ${myReadSql} AND u.sender_id <> $1) AS unread_count
    FROM ${from} r
    JOIN listings l ON l.id = r.listing_id
    JOIN users g ON g.id = r.guest_id
    JOIN users h ON h.id = r.host_id
    LEFT JOIN listing_photos c ON c.listing_id = l.id AND c.is_cover
    LEFT JOIN chat_messages m ON m.id = r.last_message_id`;

export function findRoom(db: Queryable, viewerId: string, roomId: string) {
  return one<RoomRow>(db, `${roomSelect('chat_rooms')} WHERE r.id = $2`, [viewerId, roomId]);
}

export function findRoomByListingGuest(db: Queryable, viewerId: string, listingId: string, guestId: string) {
  return one<RoomRow>(db, `${roomSelect('chat_rooms')} WHERE r.listing_id = $2 AND r.guest_id = $3`, [viewerId, listingId, guestId]);
}

/**
 * The viewer's rooms, newest activity first, after the keyset cursor (activity time, id). A host
 * sees a room once it has a message; the guest who opened it sees it at once.
 */
export function listRooms(db: Queryable, viewerId: string, opts: { role?: 'guest' | 'host'; after?: { at: string; id: string }; limit: number }) {
  const params: unknown[] = [viewerId, opts.limit + 1];
  const sides: string[] = [];
  if (opts.role !== 'host') sides.push(`SELECT * FROM chat_rooms WHERE guest_id = $1`);
  if (opts.role !== 'guest') sides.push(`SELECT * FROM chat_rooms WHERE host_id = $1 AND last_message_id IS NOT NULL`);
  let where = '';
  if (opts.after) {
    params.push(opts.after.at, opts.after.id);
    where = `WHERE (COALESCE(r.last_message_at, r.created_at), r.id) < ($3::timestamptz, $4::uuid)`;
  }
  return db.query<RoomRow>(`${roomSelect(`(${sides.join(' UNION ALL ')})`)} ${where} ORDER BY activity_at DESC, r.id DESC LIMIT $2`, params);
}

/** Messages not yet read by the viewer, over all their rooms (the badge on the list). */
export async function unreadTotal(db: Queryable, viewerId: string) {
  const row = await one<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM chat_rooms r JOIN chat_messages u ON u.room_id = r.id
      WHERE (r.guest_id = $1 OR r.host_id = $1) AND u.sender_id <> $1 AND u.id > ${myReadSql}`,
    [viewerId],
  );
  return row?.n ?? 0;
}

export function findListingForRoom(db: Queryable, listingId: string) {
  return one<{ id: string; host_id: string; is_public: boolean }>(
    db,
    `SELECT l.id, l.host_id, (${publicListingSql('l', 'u')}) AS is_public
       FROM listings l JOIN users u ON u.id = l.host_id
      WHERE l.id = $1 AND l.status <> 'deleted'`,
    [listingId],
  );
}

export function findBookingForRoom(db: Queryable, bookingId: string) {
  return one<{ id: string; listing_id: string; guest_id: string }>(db, `SELECT id, listing_id, guest_id FROM bookings WHERE id = $1`, [bookingId]);
}

/** The guest's latest booking of the listing that got past payment (what links them), if any. */
export async function latestBookingId(db: Queryable, listingId: string, guestId: string) {
  const row = await one<{ id: string }>(
    db,
    `SELECT id FROM bookings WHERE listing_id = $1 AND guest_id = $2 AND status <> 'pending_payment' ORDER BY created_at DESC LIMIT 1`,
    [listingId, guestId],
  );
  return row?.id ?? null;
}

/** Opens the room of a listing and guest, or finds it; links the booking when one is given. */
export async function upsertRoom(db: Queryable, r: { listingId: string; guestId: string; hostId: string; bookingId: string | null }) {
  await db.query(
    `INSERT INTO chat_rooms (listing_id, guest_id, host_id, booking_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (listing_id, guest_id) DO UPDATE SET booking_id = COALESCE(EXCLUDED.booking_id, chat_rooms.booking_id)`,
    [r.listingId, r.guestId, r.hostId, r.bookingId],
  );
}

/** A page of a room's messages below `before`, newest first, one more than asked (to tell if there are more). */
export function listMessages(db: Queryable, roomId: string, opts: { before?: string; limit: number }) {
  return db.query<MessageRow>(
    `SELECT id::text, room_id, sender_id, text, created_at FROM chat_messages
      WHERE room_id = $1 ${opts.before ? 'AND id < $3::bigint' : ''}
      ORDER BY chat_messages.id DESC LIMIT $2`,
    opts.before ? [roomId, opts.limit + 1, opts.before] : [roomId, opts.limit + 1],
  );
}

/** Stores a message, makes it the room's last, and moves the sender's read mark up to it. */
export async function insertMessage(tx: Queryable, roomId: string, senderId: string, text: string) {
  const row = await one<MessageRow>(
    tx,
    `WITH m AS (
       INSERT INTO chat_messages (room_id, sender_id, text) VALUES ($1, $2, $3) RETURNING id, room_id, sender_id, text, created_at
     ), r AS (
       -- a message committed after a later one (rare) does not become the last
       UPDATE chat_rooms SET last_message_id = GREATEST(m.id, COALESCE(last_message_id, 0)),
              last_message_at = CASE WHEN m.id > COALESCE(last_message_id, 0) THEN m.created_at ELSE last_message_at END,
              guest_last_read_id = CASE WHEN guest_id = $2 THEN m.id ELSE guest_last_read_id END,
              host_last_read_id = CASE WHEN host_id = $2 THEN m.id ELSE host_last_read_id END
         FROM m WHERE chat_rooms.id = m.room_id
     )
     SELECT id::text, room_id, sender_id, text, created_at FROM m`,
    [roomId, senderId, text],
  );
  return row!;
}

/** Moves the reader's mark up to `upTo` (never back, never past the room's last message); answers the mark. */
export async function markRead(tx: Queryable, roomId: string, readerId: string, upTo: string) {
  const row = await one<{ mark: string }>(
    tx,
    `UPDATE chat_rooms SET
        guest_last_read_id = CASE WHEN guest_id = $2 THEN GREATEST(guest_last_read_id, LEAST($3::bigint, COALESCE(last_message_id, 0))) ELSE guest_last_read_id END,
        host_last_read_id = CASE WHEN host_id = $2 THEN GREATEST(host_last_read_id, LEAST($3::bigint, COALESCE(last_message_id, 0))) ELSE host_last_read_id END
      WHERE id = $1
      RETURNING (CASE WHEN guest_id = $2 THEN guest_last_read_id ELSE host_last_read_id END)::text AS mark`,
    [roomId, readerId, upTo],
  );
  return row!.mark;
}

/** Messages of the other party above a read mark in one room. */
export async function unreadInRoom(db: Queryable, roomId: string, readerId: string, mark: string) {
  const row = await one<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM chat_messages WHERE room_id = $1 AND sender_id <> $2 AND id > $3::bigint`,
    [roomId, readerId, mark],
  );
  return row?.n ?? 0;
}
