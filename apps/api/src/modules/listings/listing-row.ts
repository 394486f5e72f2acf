import type { Amenity, CancellationPolicy, ParkingType, VehicleType } from '@parkly/shared/catalog';
import type { ListingFields, OpeningHours } from '@parkly/shared/listings';
import type { EvConnector, ListingStatus } from '@parkly/shared/listing-options';

/** A listings row as the host's own reads select it (numeric columns arrive as strings). */
export interface ListingRow {
  id: string;
  host_id: string;
  title: string | null;
  description: string | null;
  parking_type: ParkingType | null;
  vehicle_types: VehicleType[];
  amenities: Amenity[];
  ev_connector: EvConnector | null;
  ev_power_kw: string | number | null;
  address_line1: string | null;
  locality: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string;
  lat: number | null;
  lng: number | null;
  time_zone: string;
  max_length_m: string | number | null;
  max_width_m: string | number | null;
  max_height_m: string | number | null;
  capacity: number;
  hourly_rate: number | null;
  daily_rate: number | null;
  weekly_rate: number | null;
  monthly_rate: number | null;
  two_wheelers_per_unit: number;
  two_wheeler_hourly_rate: number | null;
  two_wheeler_daily_rate: number | null;
  two_wheeler_weekly_rate: number | null;
  two_wheeler_monthly_rate: number | null;
  notice_days: number;
  currency: string;
  instant_book: boolean;
  min_duration_minutes: number | null;
  max_duration_minutes: number | null;
  opening_hours: OpeningHours | null;
  access_instructions: string | null;
  cancellation_policy: CancellationPolicy;
  status: ListingStatus;
  /** why an admin suspended or rejected the listing */
  moderation_reason: string | null;
  rating_avg: string | number | null;
  rating_count: number;
  created_at: Date | string;
  updated_at: Date | string;
  published_at: Date | string | null;
}

/** The columns a host may set through POST/PATCH; nothing else ever reaches an UPDATE. */
export const WRITABLE_COLUMNS = [
  'title', 'description', 'parking_type', 'vehicle_types', 'amenities', 'ev_connector', 'ev_power_kw',
  'address_line1', 'locality', 'city', 'state', 'postal_code', 'country', 'lat', 'lng', 'time_zone',
  'max_length_m', 'max_width_m', 'max_height_m', 'capacity', 'hourly_rate', 'daily_rate', 'weekly_rate', 'monthly_rate', 'notice_days',
  'two_wheelers_per_unit', 'two_wheeler_hourly_rate', 'two_wheeler_daily_rate', 'two_wheeler_weekly_rate', 'two_wheeler_monthly_rate',
  'instant_book', 'min_duration_minutes', 'max_duration_minutes', 'opening_hours', 'access_instructions', 'cancellation_policy',
] as const;
export type WritableColumn = (typeof WRITABLE_COLUMNS)[number];
export type ListingChanges = Partial<Pick<ListingRow, WritableColumn>>;

/** An empty text field clears the value; undefined leaves it as it is. */
const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v || null);

/** The validated body, flattened onto the columns it changes (address.city -> city, …). */
export function toChanges(f: ListingFields): ListingChanges {
  const a = f.address ?? {};
  const all: ListingChanges = {
    title: f.title,
    description: blankToNull(f.description),
    parking_type: f.parking_type,
    vehicle_types: f.vehicle_types,
    amenities: f.amenities,
    ev_connector: f.ev_connector,
    ev_power_kw: f.ev_power_kw,
    address_line1: blankToNull(a.line1),
    locality: blankToNull(a.locality),
    city: blankToNull(a.city),
    state: blankToNull(a.state),
    postal_code: blankToNull(a.postal_code),
    country: a.country,
    lat: f.lat,
    lng: f.lng,
    time_zone: f.time_zone,
    max_length_m: f.max_length_m,
    max_width_m: f.max_width_m,
    max_height_m: f.max_height_m,
    capacity: f.capacity,
    hourly_rate: f.hourly_rate,
    daily_rate: f.daily_rate,
    weekly_rate: f.weekly_rate,
    monthly_rate: f.monthly_rate,
    two_wheelers_per_unit: f.two_wheelers_per_unit,
    two_wheeler_hourly_rate: f.two_wheeler_hourly_rate,
    two_wheeler_daily_rate: f.two_wheeler_daily_rate,
    two_wheeler_weekly_rate: f.two_wheeler_weekly_rate,
    two_wheeler_monthly_rate: f.two_wheeler_monthly_rate,
    notice_days: f.notice_days,
    instant_book: f.instant_book,
    min_duration_minutes: f.min_duration_minutes,
    max_duration_minutes: f.max_duration_minutes,
    opening_hours: f.opening_hours,
    access_instructions: blankToNull(f.access_instructions),
    cancellation_policy: f.cancellation_policy,
  };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as ListingChanges;
}
