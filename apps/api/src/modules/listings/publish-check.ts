import type { ListingRow } from './listing-row';

type PublishState = Pick<
  ListingRow,
  'title' | 'parking_type' | 'vehicle_types' | 'amenities' | 'ev_connector' | 'address_line1' | 'city' | 'lat' | 'lng' | 'capacity'
  | 'hourly_rate' | 'daily_rate' | 'weekly_rate' | 'monthly_rate'
>;

/** Short names of the missing things, for the one-line message ('a photo, a rate'). */
const NAMES: Record<string, string> = {
  title: 'a title',
  parking_type: 'the parking type',
  vehicle_types: 'the vehicle types',
  'address.line1': 'the street address',
  'address.city': 'the city',
  position: 'the map position',
  photos: 'a photo',
  rates: 'a rate',
  capacity: 'the number of spaces',
  ev_connector: 'the EV connector type',
};

/**
 * What a listing still lacks before guests may see it, by field. Empty means it can go live.
 * Published listings are held to the same rule on every later change.
 */
export function missingForPublish(l: PublishState, photoCount: number): Record<string, string> {
  const missing: Record<string, string> = {};
  if (!l.title) missing.title = 'Add a title';
  if (!l.parking_type) missing.parking_type = 'Choose the type of parking';
  if (l.vehicle_types.length === 0) missing.vehicle_types = 'Choose at least one vehicle type';
  if (!l.address_line1) missing['address.line1'] = 'Enter the street address';
  if (!l.city) missing['address.city'] = 'Enter the city';
  if (l.lat === null || l.lng === null) missing.position = 'Place the pin on the map (latitude and longitude)';
  if (photoCount === 0) missing.photos = 'Add at least one photo';
  if ([l.hourly_rate, l.daily_rate, l.weekly_rate, l.monthly_rate].every((r) => r === null)) {
    missing.rates = 'Offer at least one rate: hourly, daily, weekly or monthly';
  }
  if (!(l.capacity >= 1)) missing.capacity = 'Offer at least one space';
  if (l.amenities.includes('ev_charging') && !l.ev_connector) missing.ev_connector = 'Choose the connector type of the EV charger';
  return missing;
}

export function missingMessage(missing: Record<string, string>, prefix: string): string {
  const names = Object.keys(missing).map((k) => NAMES[k] ?? k);
  return `${prefix}: add ${names.join(', ')}.`;
}
