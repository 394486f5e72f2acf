-- Guest-host chat: one room per listing and guest (linked to their latest booking when there is
-- one), its messages, and how far each of the two has read.

CREATE TABLE chat_rooms (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  listing_id uuid NOT NULL REFERENCES listings(id),
  guest_id uuid NOT NULL REFERENCES users(id),
  -- the listing's host when the room was opened (listings never change hands)
  host_id uuid NOT NULL REFERENCES users(id),
  booking_id uuid REFERENCES bookings(id),
  last_message_id bigint,
  last_message_at timestamptz,
  -- read state per participant: the newest message each has seen (0: none)
  guest_last_read_id bigint NOT NULL DEFAULT 0,
  host_last_read_id bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (listing_id, guest_id),
  CHECK (guest_id <> host_id)
);
-- a user's rooms, newest activity first, as guest and as host
CREATE INDEX chat_rooms_guest_idx ON chat_rooms (guest_id, (COALESCE(last_message_at, created_at)) DESC, id DESC);
CREATE INDEX chat_rooms_host_idx ON chat_rooms (host_id, (COALESCE(last_message_at, created_at)) DESC, id DESC);

CREATE TABLE chat_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  room_id uuid NOT NULL REFERENCES chat_rooms(id) ON DELETE CASCADE,
  sender_id uuid NOT NULL REFERENCES users(id),
  text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- a room's messages by id (pages upward with `before`, unread counts above a read mark)
CREATE INDEX chat_messages_room_idx ON chat_messages (room_id, id DESC);
