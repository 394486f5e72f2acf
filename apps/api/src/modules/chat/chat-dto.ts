/** Chat rows as answers: first names and photos of the parties only, never e-mail or phone. */
import type { ChatMessage, ChatRoom } from '@parkly/shared/chat';
import type { UrlOf } from '../../plugins/storage';
import type { MessageRow, RoomRow } from './chat.repository';

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;
const iso = (d: Date | string) => new Date(d).toISOString();

export type RoomRole = ChatRoom['role'];

/** The viewer's side of a room, or null when they are not in it (an admin reads as 'admin'). */
export function roleIn(row: Pick<RoomRow, 'guest_id' | 'host_id'>, user: { id: string; role: string }): RoomRole | null {
  if (row.guest_id === user.id) return 'guest';
  if (row.host_id === user.id) return 'host';
  return user.role === 'admin' ? 'admin' : null;
}

export const toMessage = (m: MessageRow): ChatMessage => ({
  id: String(m.id),
  room_id: m.room_id,
  sender_id: m.sender_id,
  text: m.text,
  created_at: iso(m.created_at),
});

export function toRoom(row: RoomRow, role: RoomRole, urlOf: UrlOf): ChatRoom {
  const otherIsGuest = role === 'host';
  return {
    id: row.id,
    role,
    parking: { id: row.listing_id, title: row.title ?? 'Parking space', cover_url: row.cover_key ? urlOf(row.cover_key) : null },
    booking_id: row.booking_id,
    other: otherIsGuest
      ? { id: row.guest_id, name: firstName(row.guest_name), profile_image: row.guest_photo }
      : { id: row.host_id, name: firstName(row.host_name), profile_image: row.host_photo },
    last_message:
      row.last_id && row.last_sender_id && row.last_text !== null && row.last_created_at
        ? toMessage({ id: row.last_id, room_id: row.id, sender_id: row.last_sender_id, text: row.last_text, created_at: row.last_created_at })
        : null,
    last_activity_at: iso(row.activity_at),
    unread_count: role === 'admin' ? 0 : row.unread_count,
    other_last_read_id: String(otherIsGuest ? row.guest_last_read_id : row.host_last_read_id),
    created_at: iso(row.created_at),
  };
}

/** The list's cursor: the last room's activity time and id, as opaque text. */
export const encodeCursor = (row: Pick<RoomRow, 'activity_at' | 'id'>) => Buffer.from(`${iso(row.activity_at)}|${row.id}`).toString('base64url');

export function decodeCursor(cursor: string): { at: string; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id || Number.isNaN(Date.parse(at)) || !UUID.test(id)) return null;
  return { at, id };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
