import type { Amenity, CancellationPolicy, ParkingType, VehicleType } from '@parkly/shared/catalog';
import { DEFAULT_NOTICE_DAYS, type ManagedListing, type OpeningHours } from '@parkly/shared/listings';
import { WEEKDAYS, type EvConnector, type Weekday } from '@parkly/shared/listing-options';
import { FALLBACK_TIME_ZONE } from '@parkly/shared/time';
import { toMajorText } from '../../../lib/money';

export type StayUnit = 'minutes' | 'hours' | 'days';
export const STAY_UNIT_MINUTES: Record<StayUnit, number> = { minutes: 1, hours: 60, days: 1440 };

export const RATE_FIELDS = ['hourly_rate', 'daily_rate', 'weekly_rate', 'monthly_rate'] as const;
export type RateField = (typeof RATE_FIELDS)[number];
/** The lower rates a two-wheeler may pay (decision 040): blank is the car rate. */
export const TWO_WHEELER_RATE_FIELDS = ['two_wheeler_hourly_rate', 'two_wheeler_daily_rate', 'two_wheeler_weekly_rate', 'two_wheeler_monthly_rate'] as const;
export type TwoWheelerRateField = (typeof TWO_WHEELER_RATE_FIELDS)[number];

export interface OpeningWindowValue {
  open: string;
  close: string;
}

/**
 * What the listing forms hold: text as typed (rupees, metres, kW), switches as booleans. The wizard
 * and Manage parking share it; each section turns its part into the API's fields when it saves.
 */
export interface ListingFormValues {
  parking_type: ParkingType | '';
  vehicle_types: VehicleType[];
  address: { line1: string; locality: string; city: string; state: string; postal_code: string };
  lat: string;
  lng: string;
  title: string;
  description: string;
  amenities: Amenity[];
  ev_connector: EvConnector | '';
  ev_power_kw: string;
  capacity: string;
  max_length_m: string;
  max_width_m: string;
  max_height_m: string;
  hourly_rate: { on: boolean; amount: string };
  daily_rate: { on: boolean; amount: string };
  weekly_rate: { on: boolean; amount: string };
  monthly_rate: { on: boolean; amount: string };
  two_wheelers_per_unit: string;
  two_wheeler_hourly_rate: string;
  two_wheeler_daily_rate: string;
  two_wheeler_weekly_rate: string;
  two_wheeler_monthly_rate: string;
  /** a monthly pass's notice period in days, as the select holds it ('7', '15', '30') */
  notice_days: string;
  instant_book: 'instant' | 'request';
  cancellation_policy: CancellationPolicy;
  min_stay: { amount: string; unit: StayUnit };
  max_stay: { amount: string; unit: StayUnit };
  open_24_7: boolean;
  opening_hours: Record<Weekday, OpeningWindowValue[]>;
  time_zone: string;
  access_instructions: string;
}

/** What a host most often means when they switch 24/7 off: every day, 8 in the morning to 8 at night. */
export const DEFAULT_WINDOW: OpeningWindowValue = { open: '08:00', close: '20:00' };

const text = (v: string | null | undefined) => v ?? '';
const num = (v: number | null | undefined) => (v == null ? '' : String(v));

/** The largest unit that divides the minutes evenly, so 1440 reads '1 day' and 90 reads '90 minutes'. */
function stayOf(minutes: number | null): ListingFormValues['min_stay'] {
  if (minutes == null) return { amount: '', unit: 'hours' };
  const unit: StayUnit = minutes % 1440 === 0 ? 'days' : minutes % 60 === 0 ? 'hours' : 'minutes';
  return { amount: String(minutes / STAY_UNIT_MINUTES[unit]), unit };
}

/** A time input cannot show 24:00, so midnight at the end of a day shows as 00:00 (and is sent back as 24:00). */
function hoursOf(hours: OpeningHours | null): ListingFormValues['opening_hours'] {
  const source = hours ?? Object.fromEntries(WEEKDAYS.map((d) => [d, [DEFAULT_WINDOW]]));
  return Object.fromEntries(
    WEEKDAYS.map((d) => [d, (source[d] ?? []).map((w) => ({ open: w.open, close: w.close === '24:00' ? '00:00' : w.close }))]),
  ) as ListingFormValues['opening_hours'];
}

const rate = (minor: number | null, offeredByDefault = false) => ({ on: minor != null || offeredByDefault, amount: toMajorText(minor) });

/** The form's values for a saved listing, or the blank start of a new one (in the configured zone, `defaultTimeZone`). */
export function formValuesOf(listing: ManagedListing | null, defaultTimeZone: string = FALLBACK_TIME_ZONE): ListingFormValues {
  const l = listing;
  // a new listing starts with hourly and daily rates switched on: most spaces offer both
  const fresh = !l || RATE_FIELDS.every((f) => l[f] === null);
  return {
    parking_type: l?.parking_type ?? '',
    vehicle_types: l?.vehicle_types ?? [],
    address: {
      line1: text(l?.address.line1),
      locality: text(l?.address.locality),
      city: text(l?.address.city),
      state: text(l?.address.state),
      postal_code: text(l?.address.postal_code),
    },
    lat: num(l?.lat),
    lng: num(l?.lng),
    title: text(l?.title),
    description: text(l?.description),
    amenities: l?.amenities ?? [],
    ev_connector: l?.ev_connector ?? '',
    ev_power_kw: num(l?.ev_power_kw),
    capacity: String(l?.capacity ?? 1),
    max_length_m: num(l?.max_length_m),
    max_width_m: num(l?.max_width_m),
    max_height_m: num(l?.max_height_m),
    hourly_rate: rate(l?.hourly_rate ?? null, fresh),
    daily_rate: rate(l?.daily_rate ?? null, fresh),
    weekly_rate: rate(l?.weekly_rate ?? null),
    monthly_rate: rate(l?.monthly_rate ?? null),
    two_wheelers_per_unit: String(l?.two_wheelers_per_unit ?? 1),
    two_wheeler_hourly_rate: toMajorText(l?.two_wheeler_hourly_rate),
    two_wheeler_daily_rate: toMajorText(l?.two_wheeler_daily_rate),
    two_wheeler_weekly_rate: toMajorText(l?.two_wheeler_weekly_rate),
    two_wheeler_monthly_rate: toMajorText(l?.two_wheeler_monthly_rate),
    notice_days: String(l?.notice_days ?? DEFAULT_NOTICE_DAYS),
    instant_book: (l?.instant_book ?? true) ? 'instant' : 'request',
    cancellation_policy: l?.cancellation_policy ?? 'moderate',
    min_stay: stayOf(l?.min_duration_minutes ?? null),
    max_stay: stayOf(l?.max_duration_minutes ?? null),
    open_24_7: (l?.opening_hours ?? null) === null,
    opening_hours: hoursOf(l?.opening_hours ?? null),
    time_zone: l?.time_zone ?? defaultTimeZone,
    access_instructions: text(l?.access_instructions),
  };
}
