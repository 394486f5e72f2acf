/**
 * The pinned keys of DESIGN section 4, with the plain names and one-line explanations people see.
 * `icon` names a lucide icon; the web app maps it to a component.
 */

export const PARKING_TYPES = {
  driveway: { label: 'Driveway', description: 'A private spot outside a home, often right where you need it.', icon: 'house' },
  garage: { label: 'Garage', description: 'Lockable and covered: safe from rain, sun and prying eyes.', icon: 'warehouse' },
  carport: { label: 'Carport', description: 'A roof over your car without the walls of a garage.', icon: 'tent' },
  open_lot: { label: 'Open lot', description: 'Easy in, easy out, with room for bigger vehicles.', icon: 'square-parking' },
  covered_lot: { label: 'Covered lot', description: 'Multi-level and basement parking, out of the weather.', icon: 'building-2' },
  street: { label: 'Street parking', description: 'A reserved kerbside spot, so you do not circle the block.', icon: 'signpost' },
  indoor_storage: { label: 'Indoor storage', description: 'Long-term storage indoors for cars, bikes and classics.', icon: 'warehouse' },
  outdoor_storage: { label: 'Outdoor storage', description: 'Yards for RVs, boats, trailers and trucks.', icon: 'fence' },
} as const;
export type ParkingType = keyof typeof PARKING_TYPES;
export const PARKING_TYPE_KEYS = Object.keys(PARKING_TYPES) as [ParkingType, ...ParkingType[]];

export const VEHICLE_TYPES = {
  motorcycle: { label: 'Motorcycle or scooter', icon: 'bike' },
  hatchback: { label: 'Hatchback', icon: 'car' },
  sedan: { label: 'Sedan', icon: 'car' },
  suv: { label: 'SUV', icon: 'car-front' },
  van: { label: 'Van', icon: 'bus' },
  truck: { label: 'Truck', icon: 'truck' },
  rv: { label: 'RV or camper', icon: 'caravan' },
  boat: { label: 'Boat', icon: 'sailboat' },
  trailer: { label: 'Trailer', icon: 'container' },
} as const;
export type VehicleType = keyof typeof VEHICLE_TYPES;
export const VEHICLE_TYPE_KEYS = Object.keys(VEHICLE_TYPES) as [VehicleType, ...VehicleType[]];

export const AMENITIES = {
  covered: { label: 'Covered', icon: 'umbrella' },
  ev_charging: { label: 'EV charging', icon: 'plug-zap' },
  cctv: { label: 'CCTV', icon: 'cctv' },
  gated: { label: 'Gated', icon: 'door-closed' },
  lighting: { label: 'Well lit', icon: 'lightbulb' },
  security_guard: { label: 'Security guard', icon: 'shield-check' },
  access_24_7: { label: '24/7 access', icon: 'clock' },
  wheelchair_accessible: { label: 'Wheelchair accessible', icon: 'accessibility' },
  valet: { label: 'Valet', icon: 'key-round' },
  car_wash: { label: 'Car wash', icon: 'droplets' },
} as const;
export type Amenity = keyof typeof AMENITIES;
export const AMENITY_KEYS = Object.keys(AMENITIES) as [Amenity, ...Amenity[]];

/** Refund rules (DESIGN section 5); a host's cancellation always refunds in full. */
export const CANCELLATION_POLICIES = {
  flexible: { label: 'Flexible', description: 'Full refund if you cancel at least 1 hour before the start.' },
  moderate: { label: 'Moderate', description: 'Full refund until 24 hours before the start, 50% after that.' },
  strict: { label: 'Strict', description: '50% refund until 7 days before the start, no refund after that.' },
} as const;
export type CancellationPolicy = keyof typeof CANCELLATION_POLICIES;
export const CANCELLATION_POLICY_KEYS = Object.keys(CANCELLATION_POLICIES) as [CancellationPolicy, ...CancellationPolicy[]];

export const BOOKING_STATUSES = ['pending_payment', 'requested', 'confirmed', 'completed', 'cancelled', 'declined', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
