import { unmetForPublish, type PublishRequirement } from '@parkly/shared/publish-check';
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

/** The API's words for each unmet requirement, by field. */
const MESSAGES: Record<PublishRequirement, string> = {
  title: 'Add a title',
  parking_type: 'Choose the type of parking',
  vehicle_types: 'Choose at least one vehicle type',
  'address.line1': 'Enter the street address',
  'address.city': 'Enter the city',
  position: 'Place the pin on the map (latitude and longitude)',
  photos: 'Add at least one photo',
  rates: 'Offer at least one rate: hourly, daily, weekly or monthly',
  capacity: 'Offer at least one space',
  ev_connector: 'Choose the connector type of the EV charger',
};

/**
 * What a listing still lacks before guests may see it, by field (the shared rule, in the API's words).
 * Empty means it can go live. Published listings are held to the same rule on every later change.
 */
export function missingForPublish(l: PublishState, photoCount: number): Record<string, string> {
  const unmet = unmetForPublish({ ...l, rates: [l.hourly_rate, l.daily_rate, l.weekly_rate, l.monthly_rate], photo_count: photoCount });
  return Object.fromEntries(unmet.map((k) => [k, MESSAGES[k]]));
}

export function missingMessage(missing: Record<string, string>, prefix: string): string {
  const names = Object.keys(missing).map((k) => NAMES[k] ?? k);
  return `${prefix}: add ${names.join(', ')}.`;
}
