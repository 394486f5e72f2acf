/**
 * What a listing needs before guests may see it: the one rule, used by the API's publish check (and on
 * every later change of a live listing) and by the wizard, which says it early, section by section.
 * Each side words the messages for its own screen; what is required is decided here.
 */

export const PUBLISH_REQUIREMENTS = ['title', 'parking_type', 'vehicle_types', 'address.line1', 'address.city', 'position', 'photos', 'rates', 'capacity', 'ev_connector'] as const;
export type PublishRequirement = (typeof PUBLISH_REQUIREMENTS)[number];

export interface PublishState {
  title: string | null;
  parking_type: string | null;
  vehicle_types: readonly string[];
  amenities: readonly string[];
  ev_connector: string | null;
  address_line1: string | null;
  city: string | null;
  lat: number | null;
  lng: number | null;
  capacity: number;
  /** the hourly, daily, weekly and monthly rates (null: not offered) */
  rates: readonly (number | null)[];
  photo_count: number;
}

const blank = (s: string | null) => !s || !s.trim();

/** The requirements a listing does not meet yet, in the order people fill them in; empty means it can go live. */
export function unmetForPublish(l: PublishState): PublishRequirement[] {
  const unmet: PublishRequirement[] = [];
  if (blank(l.title)) unmet.push('title');
  if (!l.parking_type) unmet.push('parking_type');
  if (l.vehicle_types.length === 0) unmet.push('vehicle_types');
  if (blank(l.address_line1)) unmet.push('address.line1');
  if (blank(l.city)) unmet.push('address.city');
  if (l.lat === null || l.lng === null) unmet.push('position');
  if (l.photo_count === 0) unmet.push('photos');
  if (l.rates.every((r) => r === null)) unmet.push('rates');
  if (!(l.capacity >= 1)) unmet.push('capacity');
  if (l.amenities.includes('ev_charging') && !l.ev_connector) unmet.push('ev_connector');
  return unmet;
}
