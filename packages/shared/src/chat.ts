/**
 * The chat contract (DESIGN section 4, pinned: `GET chat-rooms`, `POST chat-rooms {parking_id}`,
 * `GET/POST chat-rooms/:id/messages {text}` answering `{result}`): one room per listing and guest,
 * plain-text messages. The API validates with these and the web app reads them. No answer ever
 * carries the other party's e-mail address or phone number.
 */
import { z } from 'zod';

/** A message is at most this many characters, after trimming. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** Messages a user may send per minute, across rooms. */
export const CHAT_SEND_LIMIT = { max: 30, windowMs: 60_000 } as const;
/** Messages per page of a room's history, by default and at most. */
export const CHAT_PAGE_SIZE = 30;
export const CHAT_PAGE_MAX = 100;
/** Rooms per page of the list. */
export const CHAT_ROOMS_PAGE_SIZE = 30;

// C0 and C1 control characters and DEL, except tab and line feed
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/** What is kept of a typed message: line breaks as \n, control characters dropped, trimmed. */
export const cleanMessageText = (text: string) => text.replace(/\r\n?/g, '\n').replace(CONTROL_CHARS, '').trim();

const id = (what: string) => z.string({ error: `${what} is required` }).trim().min(1, `${what} is required`).max(64, `${what} is not valid`);

export const openChatRoomSchema = z.object({
  parking_id: z.union([z.string(), z.number()], { error: 'parking_id is required' }).transform(String).pipe(id('parking_id')),
  /** a booking of this listing: links the room to it (a host opens the room of the booking's guest) */
  booking_id: id('booking_id').optional(),
});
export type OpenChatRoomInput = z.input<typeof openChatRoomSchema>;

export const sendChatMessageSchema = z.object({
  text: z
    .string({ error: 'Write a message' })
    .transform(cleanMessageText)
    .pipe(
      z
        .string()
        .min(1, 'Write a message')
        .max(CHAT_MESSAGE_MAX_LENGTH, `A message can be at most ${CHAT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`),
    ),
});
export type SendChatMessageInput = z.input<typeof sendChatMessageSchema>;

export const readChatRoomSchema = z.object({
  /** the newest message id the reader has seen */
  up_to: z.union([z.string(), z.number()], { error: 'up_to is required' }).transform(String).pipe(z.string().regex(/^\d{1,18}$/, 'up_to must be a message id')),
});

export const chatRoomsQuerySchema = z.object({
  /** only the rooms where the user is the guest or the host (the host's inbox, /chats) */
  role: z.enum(['guest', 'host']).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_ROOMS_PAGE_SIZE),
});
export type ChatRoomsQuery = z.input<typeof chatRoomsQuerySchema>;
export type ChatRoomsQueryParsed = z.output<typeof chatRoomsQuerySchema>;

export const chatMessagesQuerySchema = z.object({
  /** older than this message id */
  before: z.string().regex(/^\d{1,18}$/, 'before must be a message id').optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(CHAT_PAGE_SIZE),
});
export type ChatMessagesQuery = z.input<typeof chatMessagesQuerySchema>;
export type ChatMessagesQueryParsed = z.output<typeof chatMessagesQuerySchema>;

export const chatMessageSchema = z.object({
  /** increasing within the whole chat: a later message has a larger id (decimal text) */
  id: z.string(),
  room_id: z.string(),
  sender_id: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatRoomSchema = z.object({
  id: z.string(),
  /** the viewer's side of the room ('admin' for an administrator reading it) */
  role: z.enum(['guest', 'host', 'admin']),
  parking: z.object({ id: z.string(), title: z.string(), cover_url: z.string().nullable() }),
  booking_id: z.string().nullable(),
  /** the other party: first name and photo only (for an admin, the host) */
  other: z.object({ id: z.string(), name: z.string(), profile_image: z.string().nullable() }),
  last_message: chatMessageSchema.nullable(),
  /** when the last message was sent (or the room opened) */
  last_activity_at: z.string(),
  unread_count: z.number().int().nonnegative(),
  /** the newest message of the viewer's the other party has read ("Seen"), '0' when none */
  other_last_read_id: z.string(),
  created_at: z.string(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

export const chatRoomAnswerSchema = z.object({ result: chatRoomSchema });
export const chatRoomsAnswerSchema = z.object({ result: z.array(chatRoomSchema), next_cursor: z.string().nullable(), unread_total: z.number().int().nonnegative() });
export type ChatRoomsAnswer = z.infer<typeof chatRoomsAnswerSchema>;
/** A page of messages, oldest first; `has_more` when older ones exist (ask again with before = the first id). */
export const chatMessagesAnswerSchema = z.object({ result: z.array(chatMessageSchema), has_more: z.boolean() });
export type ChatMessagesAnswer = z.infer<typeof chatMessagesAnswerSchema>;
export const chatMessageAnswerSchema = z.object({ result: chatMessageSchema });
export const chatReadAnswerSchema = z.object({ result: z.object({ room_id: z.string(), last_read_id: z.string(), unread_count: z.number().int().nonnegative() }) });
