-- The new-message e-mail digest (modules/chat/message-digest.service.ts): a user who was offline when
-- chat messages arrived and has not read them after a while gets one e-mail about them.

-- Presence: while a user holds a realtime socket, the instance holding it pushes online_until a little
-- ahead at every heartbeat; when their last socket there closes it is pulled back to that moment. A user
-- whose online_until is before a message was offline when it arrived and has not been online since (an
-- instance that dies leaves the lease to run out). No row: never connected.
CREATE TABLE realtime_presence (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  online_until timestamptz NOT NULL
);

-- How far each party's messages are covered by a digest already (like the read marks): a later digest
-- only tells of messages above it.
ALTER TABLE chat_rooms ADD COLUMN guest_digest_id bigint NOT NULL DEFAULT 0;
ALTER TABLE chat_rooms ADD COLUMN host_digest_id bigint NOT NULL DEFAULT 0;
-- messages from before the digest existed are not mailed about
UPDATE chat_rooms SET guest_digest_id = COALESCE(last_message_id, 0), host_digest_id = COALESCE(last_message_id, 0);

-- what the digest job looks at: the rooms with messages above both a party's read mark and digest mark
CREATE INDEX chat_rooms_guest_digest_idx ON chat_rooms (guest_id) WHERE last_message_id > GREATEST(guest_last_read_id, guest_digest_id);
CREATE INDEX chat_rooms_host_digest_idx ON chat_rooms (host_id) WHERE last_message_id > GREATEST(host_last_read_id, host_digest_id);
