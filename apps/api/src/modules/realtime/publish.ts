/**
 * The one way to send a realtime event: `publish(tx, userIds, event)` stores the event for each user
 * in `realtime_events` in the caller's transaction and raises `pg_notify('parkly_realtime', ids)` in
 * the same transaction. NOTIFY is transactional (on PostgreSQL and PGlite): listeners hear it only
 * when the change commits, never on rollback, so an event goes out exactly when its change is real.
 * Every instance LISTENs and delivers the stored rows to the sockets it holds (realtime.hub.ts); a
 * client that was away catches up from the stored rows by id.
 */
import type { RealtimeEvent } from '@parkly/shared/realtime';
import type { Queryable } from '../../db/database';
import { insertBookingEvents, insertEvents } from './realtime.repository';

export { REALTIME_CHANNEL } from './realtime.repository';

/** Accepts any `{type, data}`; the shared `RealtimeEvent` union documents the known ones. */
export type PublishedEvent = RealtimeEvent | { type: string; data: unknown };

export async function publish(tx: Queryable, userIds: string[], event: PublishedEvent): Promise<void> {
  const users = [...new Set(userIds.filter(Boolean))];
  if (users.length === 0) return;
  await insertEvents(tx, users, event.type, event.data);
}

/** A booking's status changed (from lifecycle.transition): a `booking` event to its guest and host. */
export async function publishBookingChange(tx: Queryable, bookingId: string, status: string) {
  await insertBookingEvents(tx, bookingId, status);
}
