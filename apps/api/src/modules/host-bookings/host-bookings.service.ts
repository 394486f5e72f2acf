/**
 * The host's side of bookings: every booking of their listings (filtered, in pages, with totals), the
 * same as a CSV stream, and the dashboard. Only a host's own listings' bookings are ever read: the
 * host id is part of every query, and a listing of someone else is simply not found.
 */
import { Readable } from 'node:stream';
import { HOST_DEFAULT_STATUSES, type HostBooking, type HostBookingsExportQuery, type HostBookingsQuery, type HostDashboard } from '@parkly/shared/host-bookings';
import type { BookingViewRow } from '../bookings/bookings.repository';
import { toBooking } from '../bookings/booking-dto';
import type { Database, Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import type { UrlOf } from '../listings/listing-dto';
import { isHost } from '../listings/listings.repository';
import { CSV_HEADER, csvLine, csvRow } from './bookings-csv';
import * as repo from './host-bookings.repository';

export interface HostBookingDeps {
  db: Database;
  urlOf: UrlOf;
}

/** Rows read per query while streaming the CSV: a batch in memory at a time, whatever the total. */
export const CSV_BATCH = 500;
const UPCOMING_ON_DASHBOARD = 5;

export const notAHost = () => new AppError('FORBIDDEN', 'Only hosts have bookings to manage: become a host to list a space first');
const listingNotFound = () => new AppError('NOT_FOUND', 'Listing not found among your listings');

/** 403 unless the user is a host (host_user on the profile). */
export async function assertHost(db: Queryable, user: AuthUser) {
  if (!(await isHost(db, user.id))) throw notAHost();
}

/** The host-side Booking without its history (the list never reads events). */
export function toHostBooking(row: BookingViewRow, urlOf: UrlOf, now = new Date()): HostBooking {
  const { events: _events, ...booking } = toBooking(row, 'host', urlOf, [], { now });
  return booking;
}

/** The query as repository filters; another host's listing (or no listing) is a 404. */
async function filterOf(db: Queryable, user: AuthUser, q: HostBookingsExportQuery): Promise<repo.HostBookingFilter> {
  if (q.parking_id !== undefined && !(isUuid(q.parking_id) && (await repo.findHostListing(db, user.id, q.parking_id)))) throw listingNotFound();
  return {
    hostId: user.id,
    statuses: q.status?.length ? q.status : HOST_DEFAULT_STATUSES,
    parkingId: q.parking_id,
    from: q.from,
    to: q.to,
  };
}

/** A start as PostgreSQL writes a timestamptz ('2026-12-24 13:00:00.123456+00'), all a cursor may carry. */
const PG_INSTANT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

const encodeCursor = (c: repo.HostCursor & { o: string }) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(s: string, order: string): repo.HostCursor {
  try {
    const c = JSON.parse(Buffer.from(s, 'base64url').toString()) as Partial<repo.HostCursor & { o: string }>;
    if (typeof c.k === 'string' && PG_INSTANT.test(c.k) && typeof c.id === 'string' && isUuid(c.id) && c.o === order) return { k: c.k, id: c.id };
  } catch {
    // answered below
  }
  throw new AppError('VALIDATION', 'The cursor is not valid: start from the first page', { errors: { cursor: 'Not a cursor from this list' } });
}

/** GET host/bookings: one page and the totals of the whole filter. */
export async function listHostBookings(deps: HostBookingDeps, user: AuthUser, q: HostBookingsQuery) {
  const after = q.cursor ? decodeCursor(q.cursor, q.order) : undefined;
  const filter = await filterOf(deps.db, user, q);
  const rows = await repo.listHostBookings(deps.db, filter, q.order, q.limit + 1, after);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  const summary = await repo.sumHostBookings(deps.db, filter);
  const now = new Date();
  return {
    result: page.map((r) => toHostBooking(r, deps.urlOf, now)),
    ...(rows.length > q.limit && last && { next_cursor: encodeCursor({ k: last.sort_key, id: last.id, o: q.order }) }),
    summary,
  };
}

/**
 * GET host/bookings/export.csv: checks everything (host, listing) before the first byte, then reads
 * the bookings in keyset batches as the client takes them, so a 100k-row export never sits in memory.
 */
export async function exportHostBookings(deps: HostBookingDeps, user: AuthUser, q: HostBookingsExportQuery): Promise<Readable> {
  const filter = await filterOf(deps.db, user, q);
  const first = await repo.listHostBookings(deps.db, filter, q.order, CSV_BATCH);
  async function* lines() {
    // a byte-order mark: spreadsheet programs then read names in any script as UTF-8
    yield `\uFEFF${csvLine([...CSV_HEADER])}`;
    let batch = first;
    for (;;) {
      const now = new Date();
      yield batch.map((r) => csvRow(toHostBooking(r, deps.urlOf, now))).join('');
      const last = batch[batch.length - 1];
      if (batch.length < CSV_BATCH || !last) return;
      batch = await repo.listHostBookings(deps.db, filter, q.order, CSV_BATCH, { k: last.sort_key, id: last.id });
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** A file name for the export: 'parkly-bookings-2026-12-24.csv'. */
export const exportFileName = (now = new Date()) => `parkly-bookings-${now.toISOString().slice(0, 10)}.csv`;

/** How many running monthly passes the dashboard lists (the soonest renewal or end first). */
const PASSES_ON_DASHBOARD = 20;

/** GET host/dashboard: today (in each listing's own zone), requests to answer, what is next, what needs doing. */
export async function hostDashboard(deps: HostBookingDeps, user: AuthUser): Promise<HostDashboard> {
  const { db, urlOf } = deps;
  const arrivals = await repo.findToday(db, user.id, 'start');
  const departures = await repo.findToday(db, user.id, 'end');
  const requests = await repo.findOpenRequests(db, user.id);
  const upcoming = await repo.findUpcoming(db, user.id, UPCOMING_ON_DASHBOARD);
  const counts = await repo.findHostCounts(db, user.id);
  const passes = await repo.findRunningPasses(db, user.id, PASSES_ON_DASHBOARD);
  const now = new Date();
  const view = (r: BookingViewRow) => toHostBooking(r, urlOf, now);
  return {
    ...(counts.zones > 1 && { time_zone_note: 'Your spaces are in more than one time zone: "today" is each space\'s own day, and times are shown on its clock.' }),
    arrivals_today: arrivals.map(view),
    departures_today: departures.map(view),
    requests: requests.map((r) => {
      const b = view(r);
      return { ...b, answer_by: b.expires_at! };
    }),
    upcoming: upcoming.map(view),
    passes: passes.map(view),
    todo: { drafts: counts.draft, id_status: (counts.id_status as HostDashboard['todo']['id_status']) ?? null },
    listings: { active: counts.active, paused: counts.paused, draft: counts.draft },
  };
}
