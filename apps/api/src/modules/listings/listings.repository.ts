import { one, type Queryable } from '../../db/database';
import { holdsUnitSql } from '../bookings/unit-availability';
import { publicListingSql } from './listing-card';
import { WRITABLE_COLUMNS, type ListingChanges, type ListingRow } from './listing-row';

const OWNER_COLUMNS = `l.id, l.host_id, l.title, l.description, l.parking_type, l.vehicle_types, l.amenities, l.ev_connector, l.ev_power_kw,
  l.address_line1, l.locality, l.city, l.state, l.postal_code, l.country, l.lat, l.lng, l.time_zone,
  l.max_length_m, l.max_width_m, l.max_height_m, l.capacity, l.hourly_rate, l.daily_rate, l.weekly_rate, l.monthly_rate, l.notice_days, l.currency,
  l.two_wheelers_per_unit, l.two_wheeler_hourly_rate, l.two_wheeler_daily_rate, l.two_wheeler_weekly_rate, l.two_wheeler_monthly_rate,
  l.instant_book, l.min_duration_minutes, l.max_duration_minutes, l.opening_hours, l.access_instructions, l.cancellation_policy,
  l.status, l.moderation_reason, l.rating_avg, l.rating_count, l.created_at, l.updated_at, l.published_at`;


const writable = new Set<string>(WRITABLE_COLUMNS);

/** Column list and parameters for the given changes; column names only ever come from WRITABLE_COLUMNS. */
function assignments(changes: ListingChanges, firstParam: number) {
  const entries = Object.entries(changes).filter(([column]) => writable.has(column));
  return {
    columns: entries.map(([column]) => column),
    placeholders: entries.map(([column], i) => `$${firstParam + i}${column === 'opening_hours' ? '::jsonb' : ''}`),
    values: entries.map(([column, value]) => (column === 'opening_hours' && value !== null ? JSON.stringify(value) : value)),
  };
}

export async function insertListing(db: Queryable, hostId: string, currency: string, changes: ListingChanges): Promise<string> {
  const a = assignments(changes, 3);
  const columns = ['host_id', 'currency', ...a.columns].join(', ');
  const rows = await db.query<{ id: string }>(
    `INSERT INTO listings (${columns}) VALUES ($1, $2${a.placeholders.map((p) => `, ${p}`).join('')}) RETURNING id`,
    [hostId, currency, ...a.values],
  );
  return rows[0]!.id;
}

export async function updateListing(db: Queryable, id: string, changes: ListingChanges) {
  const a = assignments(changes, 2);
  if (a.columns.length === 0) return;
  const sets = a.columns.map((column, i) => `${column} = ${a.placeholders[i]}`).join(', ');
  await db.query(`UPDATE listings SET ${sets}, updated_at = now() WHERE id = $1`, [id, ...a.values]);
}

/** A listing that is not deleted, for its host's reads and writes; `lock` holds the row until the transaction ends. */
export function findLiveListing(db: Queryable, id: string, opts: { lock?: boolean } = {}) {
  return one<ListingRow>(
    db,
    `SELECT ${OWNER_COLUMNS} FROM listings l WHERE l.id = $1 AND l.status <> 'deleted'${opts.lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
}

export async function setStatus(db: Queryable, id: string, status: 'active' | 'paused') {
  await db.query(
    `UPDATE listings SET status = $2, updated_at = now(),
            published_at = CASE WHEN $2 = 'active' THEN COALESCE(published_at, now()) ELSE published_at END
      WHERE id = $1`,
    [id, status],
  );
}

export async function markDeleted(db: Queryable, id: string) {
  await db.query(`UPDATE listings SET status = 'deleted', deleted_at = now(), updated_at = now() WHERE id = $1`, [id]);
}

export async function countUpcomingBookings(db: Queryable, listingId: string): Promise<number> {
  const row = await one<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM bookings b WHERE b.listing_id = $1 AND upper(b.during) > now() AND ${holdsUnitSql('b')}`,
    [listingId],
  );
  return row?.n ?? 0;
}

export async function isHost(db: Queryable, userId: string): Promise<boolean> {
  const row = await one<{ host_user: boolean }>(db, `SELECT host_user FROM users WHERE id = $1 AND deleted_at IS NULL`, [userId]);
  return row?.host_user === true;
}

export interface SummaryRow {
  id: string;
  title: string | null;
  status: ListingRow['status'];
  parking_type: ListingRow['parking_type'];
  vehicle_types: ListingRow['vehicle_types'];
  amenities: ListingRow['amenities'];
  ev_connector: ListingRow['ev_connector'];
  address_line1: string | null;
  locality: string | null;
  city: string | null;
  lat: number | null;
  lng: number | null;
  hourly_rate: number | null;
  daily_rate: number | null;
  weekly_rate: number | null;
  monthly_rate: number | null;
  currency: string;
  capacity: number;
  instant_book: boolean;
  cover_key: string | null;
  cover_thumb_key: string | null;
  photo_count: number;
  upcoming_bookings: number;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The host's listings that are not deleted, most recently changed first. */
export function findHostListings(db: Queryable, hostId: string) {
  return db.query<SummaryRow>(
    `SELECT l.id, l.title, l.status, l.parking_type, l.vehicle_types, l.amenities, l.ev_connector, l.address_line1, l.locality, l.city,
            l.lat, l.lng, l.hourly_rate, l.daily_rate, l.weekly_rate, l.monthly_rate, l.currency, l.capacity, l.instant_book,
            c.large_key AS cover_key, c.thumb_key AS cover_thumb_key,
            (SELECT count(*)::int FROM listing_photos p WHERE p.listing_id = l.id) AS photo_count,
            (SELECT count(*)::int FROM bookings b WHERE b.listing_id = l.id AND upper(b.during) > now() AND ${holdsUnitSql('b')}) AS upcoming_bookings,
            l.created_at, l.updated_at
       FROM listings l
       LEFT JOIN listing_photos c ON c.listing_id = l.id AND c.is_cover
      WHERE l.host_id = $1 AND l.status <> 'deleted'
      ORDER BY l.updated_at DESC, l.id
      LIMIT 500`,
    [hostId],
  );
}

export type PublicRow = Omit<ListingRow, 'host_id' | 'address_line1' | 'postal_code' | 'access_instructions' | 'moderation_reason' | 'created_at' | 'updated_at'> & {
  host_id: string;
  host_name: string;
  host_profile_image: string | null;
  host_id_status: string;
  host_since: Date | string;
};

/**
 * A listing as anyone may see it: only live or paused ones, and never the street line, the PIN
 * code or the access instructions (they are not even selected).
 */
export function findPublicListing(db: Queryable, id: string) {
  return one<PublicRow>(
    db,
    `SELECT l.id, l.title, l.description, l.parking_type, l.vehicle_types, l.amenities, l.ev_connector, l.ev_power_kw,
            l.locality, l.city, l.state, l.country, l.lat, l.lng, l.time_zone,
            l.max_length_m, l.max_width_m, l.max_height_m, l.capacity, l.hourly_rate, l.daily_rate, l.weekly_rate, l.monthly_rate, l.notice_days,
            l.two_wheelers_per_unit, l.two_wheeler_hourly_rate, l.two_wheeler_daily_rate, l.two_wheeler_weekly_rate, l.two_wheeler_monthly_rate,
            l.currency, l.instant_book, l.min_duration_minutes, l.max_duration_minutes, l.opening_hours, l.cancellation_policy,
            l.status, l.rating_avg, l.rating_count, l.published_at,
            u.id AS host_id, u.name AS host_name, u.profile_image AS host_profile_image,
            u.id_verification_status AS host_id_status, u.created_at AS host_since
       FROM listings l JOIN users u ON u.id = l.host_id
      WHERE l.id = $1 AND ${publicListingSql()}`,
    [id],
  );
}
