/**
 * The new-message e-mail digest: a user who was offline when chat messages reached them (no realtime
 * socket since, on any instance) and has not read them after DIGEST_DELAY_MS gets one e-mail listing
 * the conversations and how many messages wait in each. Run by a timer (plugins/realtime.ts) on every
 * instance at once; tests call runMessageDigests.
 *
 * Once. A digest moves the user's digest mark in each room it names, so the next one only tells of
 * later messages; the rooms are locked while that is decided, and the mail's event key (the rooms'
 * latest message ids) refuses a second mail for the same messages should the marks ever not move.
 */
import type { Database } from '../../db/database';
import { queueMessageDigest, type DigestRoom } from '../mail/mail.service';
import * as repo from './message-digest.repository';

/** How long a message waits unread before it is mailed about. */
export const DIGEST_DELAY_MS = 10 * 60_000;
/** How often the job looks. */
export const DIGEST_EVERY_MS = 60_000;
/** Users handled per run; the rest wait for the next. */
const BATCH = 100;

export interface DigestDeps {
  db: Database;
  /** the web app's address, for the links in the mail */
  publicUrl: string;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

const toDigestRoom = (publicUrl: string, r: repo.DigestRoomRow): DigestRoom => ({
  otherPartyName: firstName(r.other_name),
  listingTitle: r.listing_title,
  unread: r.unread,
  lastMessage: r.last_text,
  url: `${publicUrl.replace(/\/+$/, '')}/chatroom/message?room=${encodeURIComponent(r.room_id)}`,
  lastMessageId: r.last_id,
});

/** Queues the digests that are due; answers how many were queued. */
export async function runMessageDigests(deps: DigestDeps, delayMs = DIGEST_DELAY_MS) {
  const users = await repo.findDigestDue(deps.db, delayMs, BATCH);
  let queued = 0;
  for (const userId of users) {
    const sent = await deps.db.transaction(async (tx) => {
      await repo.lockDigestRooms(tx, userId);
      const rooms = await repo.digestRooms(tx, userId, delayMs);
      // another instance got here first, or the user read them meanwhile
      if (!rooms.some((r) => r.due)) return false;
      const queuedNow = await queueMessageDigest(tx, userId, rooms.map((r) => toDigestRoom(deps.publicUrl, r)));
      await repo.markDigested(tx, userId, rooms.map((r) => ({ roomId: r.room_id, upTo: r.last_id })));
      return queuedNow;
    });
    if (sent) queued += 1;
  }
  return { queued };
}
