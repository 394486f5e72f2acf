import { formatMoney } from '@parkly/shared/money';
import { RATE_KEYS, ratesFor, type Rates, type TwoWheelerRates } from '@parkly/shared/pricing';
import type { ListingBlackout, ListingPhoto, ListingSummary, ListingUnit, ManagedListing, PublicListing } from '@parkly/shared/listings';
import { roundCoordinate } from '@parkly/shared/listing-options';
import type { BlackoutRow } from './blackouts.repository';
import type { PhotoRow } from './listing-photos.repository';
import type { ListingRow } from './listing-row';
import type { PublicRow, SummaryRow } from './listings.repository';
import { missingForPublish } from './publish-check';
import type { UnitRow } from './units.repository';

import type { UrlOf } from '../../plugins/storage';

export type { UrlOf };

const num = (v: string | number | null) => (v === null ? null : Number(v));
const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

export const toPhoto = (p: PhotoRow, urlOf: UrlOf): ListingPhoto => ({
  id: p.id,
  url: urlOf(p.large_key),
  thumb_url: urlOf(p.thumb_key),
  width: p.width,
  height: p.height,
  position: p.position,
  is_cover: p.is_cover,
});

export const toUnit = (u: UnitRow): ListingUnit => ({ id: u.id, label: u.label, created_at: iso(u.created_at) });

export const toBlackout = (b: BlackoutRow): ListingBlackout => ({
  id: b.id,
  start: iso(b.starts_at),
  end: iso(b.ends_at),
  reason: b.reason,
  created_at: iso(b.created_at),
});

type DetailsRow = Omit<PublicRow, 'host_id' | 'host_name' | 'host_profile_image' | 'host_id_status' | 'host_since'>;

/** The fields the host's view and the public view share. */
function details(l: DetailsRow) {
  return {
    id: l.id,
    parking_type: l.parking_type,
    vehicle_types: l.vehicle_types,
    amenities: l.amenities,
    ev_connector: l.ev_connector,
    ev_power_kw: num(l.ev_power_kw),
    time_zone: l.time_zone,
    max_length_m: num(l.max_length_m),
    max_width_m: num(l.max_width_m),
    max_height_m: num(l.max_height_m),
    capacity: l.capacity,
    hourly_rate: l.hourly_rate,
    daily_rate: l.daily_rate,
    weekly_rate: l.weekly_rate,
    monthly_rate: l.monthly_rate,
    notice_days: l.notice_days,
    currency: l.currency,
    two_wheelers_per_unit: l.two_wheelers_per_unit,
    two_wheeler_hourly_rate: l.two_wheeler_hourly_rate,
    two_wheeler_daily_rate: l.two_wheeler_daily_rate,
    two_wheeler_weekly_rate: l.two_wheeler_weekly_rate,
    two_wheeler_monthly_rate: l.two_wheeler_monthly_rate,
    instant_book: l.instant_book,
    min_duration_minutes: l.min_duration_minutes,
    max_duration_minutes: l.max_duration_minutes,
    opening_hours: l.opening_hours,
    cancellation_policy: l.cancellation_policy,
    rating: { average: num(l.rating_avg), count: l.rating_count },
    published_at: isoOrNull(l.published_at),
  };
}

export function toManaged(
  l: ListingRow,
  extra: { photos: PhotoRow[]; units: UnitRow[]; blackouts: BlackoutRow[] },
  urlOf: UrlOf,
): ManagedListing {
  return {
    ...details(l),
    status: l.status,
    // the admin's reason, while it explains the status the host sees
    moderation_reason: l.status === 'suspended' || l.status === 'rejected' ? l.moderation_reason : null,
    title: l.title,
    description: l.description,
    address: { line1: l.address_line1, locality: l.locality, city: l.city, state: l.state, postal_code: l.postal_code, country: l.country },
    lat: l.lat,
    lng: l.lng,
    access_instructions: l.access_instructions,
    photos: extra.photos.map((p) => toPhoto(p, urlOf)),
    units: extra.units.map(toUnit),
    blackouts: extra.blackouts.map(toBlackout),
    missing: missingForPublish(l, extra.photos.length),
    created_at: iso(l.created_at),
    updated_at: iso(l.updated_at),
  };
}

export function toSummary(l: SummaryRow, urlOf: UrlOf): ListingSummary {
  return {
    id: l.id,
    title: l.title,
    status: l.status,
    parking_type: l.parking_type,
    cover_url: l.cover_key ? urlOf(l.cover_key) : null,
    cover_thumb_url: l.cover_thumb_key ? urlOf(l.cover_thumb_key) : null,
    photo_count: l.photo_count,
    hourly_rate: l.hourly_rate,
    daily_rate: l.daily_rate,
    weekly_rate: l.weekly_rate,
    monthly_rate: l.monthly_rate,
    currency: l.currency,
    capacity: l.capacity,
    instant_book: l.instant_book,
    locality: l.locality,
    city: l.city,
    upcoming_bookings: l.upcoming_bookings,
    missing: missingForPublish(l, l.photo_count),
    created_at: iso(l.created_at),
    updated_at: iso(l.updated_at),
  };
}

export function toPublic(l: PublicRow, photos: PhotoRow[], urlOf: UrlOf, viewerId: string | null): PublicListing {
  return {
    ...details(l),
    status: l.status === 'paused' ? 'paused' : 'active',
    available: l.status === 'active',
    title: l.title ?? '',
    description: l.description,
    locality: l.locality,
    city: l.city,
    state: l.state,
    country: l.country,
    lat: roundCoordinate(l.lat),
    lng: roundCoordinate(l.lng),
    photos: photos.map((p) => toPhoto(p, urlOf)),
    host: {
      id: l.host_id,
      name: l.host_name.trim().split(/\s+/)[0] ?? l.host_name,
      profile_image: l.host_profile_image,
      verified: l.host_id_status === 'approved',
      member_since: iso(l.host_since),
    },
    is_own: viewerId !== null && viewerId === l.host_id,
    two_wheeler_note: twoWheelerNote(l),
  };
}

const PER = { hourly_rate: 'hour', daily_rate: 'day', weekly_rate: 'week', monthly_rate: 'month' } as const;

/** The listing page's words on two-wheelers (decision 040): how many share a space and the rates they pay below a car's. */
export function twoWheelerNote(l: Rates & TwoWheelerRates & { two_wheelers_per_unit: number; currency: string }): string | null {
  const bike = ratesFor(l, 'two_wheeler');
  const lower = RATE_KEYS.filter((k) => bike[k] !== null && bike[k] !== l[k]).map((k) => `${formatMoney(bike[k]!, l.currency)} per ${PER[k]}`);
  const sharing = l.two_wheelers_per_unit > 1 ? `Up to ${l.two_wheelers_per_unit} two-wheelers share a space; a car takes it whole.` : '';
  const rates = lower.length ? `Two-wheelers pay ${lower.join(', ')}.` : '';
  return [sharing, rates].filter(Boolean).join(' ') || null;
}
