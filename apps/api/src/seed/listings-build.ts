import type { Amenity, CancellationPolicy, ParkingType, VehicleType } from '@parkly/shared/catalog';
import type { OpeningHours } from '@parkly/shared/listings';
import type { EvConnector } from '@parkly/shared/listing-options';
import { LOCALITIES } from '../modules/places/places.data';
import type { Rng } from './photos-scenes';
import { PIN_CODES, type ListingPlan } from './listings-plans';

/** A demo listing ready to insert: the columns of listings, in the API's units (paise, minutes, metres). */
export interface DemoListing {
  title: string;
  description: string;
  parking_type: ParkingType;
  vehicle_types: VehicleType[];
  amenities: Amenity[];
  ev_connector: EvConnector | null;
  ev_power_kw: number | null;
  address_line1: string;
  locality: string;
  city: string;
  state: string;
  postal_code: string;
  lat: number;
  lng: number;
  max_length_m: number | null;
  max_width_m: number | null;
  max_height_m: number | null;
  capacity: number;
  hourly_rate: number | null;
  daily_rate: number | null;
  weekly_rate: number | null;
  monthly_rate: number | null;
  instant_book: boolean;
  min_duration_minutes: number | null;
  max_duration_minutes: number | null;
  opening_hours: OpeningHours | null;
  access_instructions: string;
  cancellation_policy: CancellationPolicy;
}

const between = (rng: Rng, min: number, max: number) => min + rng() * (max - min);
const int = (rng: Rng, min: number, max: number) => Math.floor(between(rng, min, max + 1));
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const chance = (rng: Rng, p: number) => rng() < p;
/** Rupees between min and max, rounded to `step` rupees, in paise. */
const rupees = (rng: Rng, [min, max]: [number, number], step: number) => Math.round(between(rng, min, max) / step) * step * 100;

type RateRange = { hourly?: [number, number]; daily?: [number, number]; weekly?: [number, number]; monthly?: [number, number] };

/** Typical prices in Indian cities, in rupees; storage yards rent by the month only. */
const RATES: Record<ParkingType, RateRange> = {
  driveway: { hourly: [30, 70], daily: [200, 450], monthly: [2500, 5000] },
  garage: { hourly: [50, 120], daily: [300, 800], weekly: [1500, 3500], monthly: [4000, 9000] },
  carport: { hourly: [30, 60], daily: [200, 400], monthly: [2500, 4500] },
  open_lot: { hourly: [20, 60], daily: [150, 400], monthly: [2500, 4500] },
  covered_lot: { hourly: [40, 150], daily: [300, 800], monthly: [3000, 8000] },
  street: { hourly: [20, 50], daily: [150, 300] },
  indoor_storage: { monthly: [4000, 9000] },
  outdoor_storage: { monthly: [2500, 7000] },
};

const CAPACITY: Record<ParkingType, [number, number]> = {
  driveway: [1, 2], garage: [1, 2], carport: [1, 2], street: [1, 1],
  open_lot: [6, 20], covered_lot: [4, 20], indoor_storage: [3, 12], outdoor_storage: [4, 15],
};

const VEHICLES: Record<ParkingType, { base: VehicleType[]; extra: VehicleType[] }> = {
  driveway: { base: ['hatchback', 'sedan'], extra: ['suv', 'motorcycle'] },
  garage: { base: ['hatchback', 'sedan', 'suv'], extra: ['motorcycle'] },
  carport: { base: ['hatchback', 'sedan'], extra: ['suv', 'motorcycle'] },
  open_lot: { base: ['hatchback', 'sedan', 'suv'], extra: ['motorcycle', 'van'] },
  covered_lot: { base: ['hatchback', 'sedan', 'suv'], extra: ['motorcycle'] },
  street: { base: ['hatchback', 'sedan'], extra: ['motorcycle'] },
  indoor_storage: { base: ['hatchback', 'sedan', 'suv'], extra: ['motorcycle', 'rv', 'boat'] },
  outdoor_storage: { base: ['rv', 'trailer'], extra: ['boat', 'truck', 'van'] },
};

const AMENITIES: Record<ParkingType, { base: Amenity[]; extra: Amenity[] }> = {
  driveway: { base: [], extra: ['gated', 'cctv', 'lighting'] },
  garage: { base: ['covered', 'gated'], extra: ['cctv', 'lighting'] },
  carport: { base: ['covered'], extra: ['gated', 'cctv', 'lighting'] },
  open_lot: { base: ['lighting'], extra: ['cctv', 'security_guard', 'gated', 'wheelchair_accessible'] },
  covered_lot: { base: ['covered', 'cctv', 'lighting'], extra: ['security_guard', 'wheelchair_accessible', 'valet', 'car_wash'] },
  street: { base: [], extra: ['lighting', 'cctv'] },
  indoor_storage: { base: ['covered', 'cctv', 'gated'], extra: ['security_guard', 'lighting'] },
  outdoor_storage: { base: ['gated', 'cctv', 'lighting'], extra: ['security_guard'] },
};

/** Car parks put in public chargers; homes have a wall box or a plain socket. */
const CHARGERS: Record<'lot' | 'home', { connector: EvConnector; kw: number }[]> = {
  lot: [
    { connector: 'type2', kw: 7.4 },
    { connector: 'type2', kw: 11 },
    { connector: 'ccs2', kw: 30 },
  ],
  home: [
    { connector: 'type2', kw: 7.4 },
    { connector: 'bharat_ac001', kw: 3.3 },
    { connector: 'socket_15a', kw: 3.3 },
  ],
};

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;
const HOURS = {
  office: { ...Object.fromEntries(WEEKDAYS.map((d) => [d, [{ open: '08:00', close: '21:00' }]])), sat: [{ open: '09:00', close: '14:00' }] },
  mall: Object.fromEntries([...WEEKDAYS, 'sat', 'sun'].map((d) => [d, [{ open: '10:00', close: '23:00' }]])),
  yard: Object.fromEntries([...WEEKDAYS, 'sat'].map((d) => [d, [{ open: '07:00', close: '20:00' }]])),
  home: Object.fromEntries([...WEEKDAYS, 'sat', 'sun'].map((d) => [d, [{ open: '06:00', close: '13:00' }, { open: '15:00', close: '23:30' }]])),
} as Record<string, OpeningHours>;

const CARETAKERS = ['Ramesh', 'Suresh', 'Anil', 'Manjunath', 'Ganesh', 'Murugan', 'Santosh', 'Raju', 'Imran', 'Balaji'];
const MINUTES_A_DAY = 24 * 60;

function subset<T>(rng: Rng, base: T[], extra: T[], p: number): T[] {
  return [...base, ...extra.filter(() => chance(rng, p))];
}

function ratesFor(rng: Rng, plan: ListingPlan) {
  const r = RATES[plan.type];
  const rates = {
    hourly_rate: r.hourly ? rupees(rng, r.hourly, 5) : null,
    daily_rate: r.daily && chance(rng, 0.85) ? rupees(rng, r.daily, 10) : null,
    weekly_rate: r.weekly && chance(rng, 0.6) ? rupees(rng, r.weekly, 100) : null,
    monthly_rate: r.monthly && (chance(rng, 0.7) || !r.hourly) ? rupees(rng, r.monthly, 100) : null,
  };
  if (plan.airport) Object.assign(rates, { hourly_rate: rupees(rng, [60, 100], 10), daily_rate: rupees(rng, [350, 600], 10), weekly_rate: rupees(rng, [1800, 3000], 100), monthly_rate: null });
  // bikes pay about a third of a car's rate
  if (plan.vehicles?.every((v) => v === 'motorcycle')) {
    for (const key of Object.keys(rates) as (keyof typeof rates)[]) {
      const v = rates[key];
      if (v !== null) rates[key] = Math.max(1000, Math.round(v / 3 / 500) * 500);
    }
  }
  return rates;
}

function sizesFor(rng: Rng, type: ParkingType) {
  switch (type) {
    case 'covered_lot':
      return { max_length_m: null, max_width_m: null, max_height_m: pick(rng, [2.1, 2.2, 2.3]) };
    case 'garage':
      return { max_length_m: pick(rng, [4.8, 5, 5.5]), max_width_m: pick(rng, [2.4, 2.6, 3]), max_height_m: pick(rng, [2.1, 2.2, 2.4]) };
    case 'carport':
      return { max_length_m: 5, max_width_m: null, max_height_m: 2.4 };
    case 'driveway':
      return { max_length_m: pick(rng, [4.5, 5, 5.5]), max_width_m: null, max_height_m: null };
    case 'indoor_storage':
      return { max_length_m: pick(rng, [6, 8, 10]), max_width_m: 3, max_height_m: pick(rng, [3, 3.5, 4.5]) };
    case 'outdoor_storage':
      return { max_length_m: pick(rng, [12, 15, 18]), max_width_m: 3.5, max_height_m: null };
    default:
      return { max_length_m: null, max_width_m: null, max_height_m: null };
  }
}

function hoursFor(rng: Rng, plan: ListingPlan): OpeningHours | null {
  if (plan.airport || chance(rng, 0.7)) return null;
  if (plan.type === 'outdoor_storage' || plan.type === 'indoor_storage') return HOURS.yard!;
  if (plan.type === 'covered_lot') return plan.landmark.toLowerCase().includes('mall') || plan.landmark.includes('Marketcity') ? HOURS.mall! : HOURS.office!;
  if (plan.type === 'driveway' || plan.type === 'carport') return HOURS.home!;
  return HOURS.office!;
}

const AMENITY_WORDS: Partial<Record<Amenity, string>> = {
  covered: 'a roof over your vehicle',
  cctv: 'CCTV cameras',
  gated: 'a locked gate',
  lighting: 'good lighting at night',
  security_guard: 'a security guard on duty',
  access_24_7: 'access at any hour',
  wheelchair_accessible: 'step-free access',
  valet: 'valet on request',
  car_wash: 'a car wash on site',
  ev_charging: 'an EV charger',
};

const OPENERS: Record<ParkingType, string[]> = {
  driveway: ['A private driveway in front of our home', 'Our family driveway, free while we are at work'],
  garage: ['A lockable garage with a roller shutter', 'An enclosed garage, dry and safe through the monsoon'],
  carport: ['A covered carport beside our house', 'A shaded carport that keeps your car cool in summer'],
  open_lot: ['A well-marked space in an open lot', 'A spacious open lot with easy entry and exit'],
  covered_lot: ['A covered bay in a secure basement', 'A reserved bay in a multi-level car park'],
  street: ['A permitted spot on a quiet lane, held for you', 'A reserved kerbside spot with no-parking markings kept clear for you'],
  indoor_storage: ['Clean, dry indoor storage', 'A secure indoor hall for long-term storage'],
  outdoor_storage: ['A fenced yard with hard standing', 'A large gravelled yard behind a locked gate'],
};

function describe(rng: Rng, plan: ListingPlan, amenities: Amenity[], opening: OpeningHours | null, listing: { capacity: number }) {
  const features = amenities.map((a) => AMENITY_WORDS[a]).filter(Boolean);
  const near = plan.airport ? `about ten minutes from ${plan.landmark}` : `near ${plan.landmark} in ${plan.locality}`;
  const parts = [`${pick(rng, OPENERS[plan.type])}, ${near}.`];
  if (features.length) parts.push(`You get ${features.slice(0, -1).join(', ')}${features.length > 1 ? ' and ' : ''}${features.at(-1)}.`);
  if (plan.airport) parts.push('A free shuttle runs to the terminal every 20 minutes; tell us your flight time when you book.');
  if (plan.type === 'outdoor_storage' || plan.type === 'indoor_storage') {
    parts.push('Ideal for long-term storage while you travel or renovate. Battery trickle charging is available on request.');
  }
  if (listing.capacity > 1) parts.push(`There are ${listing.capacity} spaces, so there is usually one free.`);
  parts.push(opening ? 'Please check the opening hours before you plan your trip.' : 'Open 24/7: come and go whenever you like.');
  return parts.join(' ');
}

function accessFor(rng: Rng, plan: ListingPlan, line1: string) {
  const who = pick(rng, CARETAKERS);
  const bay = `${pick(rng, ['A', 'B', 'C', 'P'])}-${int(rng, 1, 40)}`;
  const code = int(rng, 1000, 9999);
  switch (plan.type) {
    case 'driveway':
    case 'carport':
      return `Enter through the gate at ${line1}. Park nose-in on the left and leave room for the gate to close. ${who} (caretaker) is around from 8 am; the side gate code is ${code}.`;
    case 'garage':
      return `The garage is the second shutter at ${line1}. The padlock code is ${code}; please lock it again when you leave. Call ${who} if the shutter sticks.`;
    case 'covered_lot':
      return `Take the basement ramp from ${plan.street}. Show your booking to the guard at the boom barrier and park in bay ${bay} on level B${int(rng, 1, 3)}. Exit code: ${code}.`;
    case 'open_lot':
      return `Turn in at ${line1}; the attendant ${who} will check your booking and show you to bay ${bay}. Keep your ticket on the dashboard.`;
    case 'street':
      return `The spot is in front of ${line1}, marked with a yellow Parkly board. Move the cone to the kerb when you park and put it back when you leave.`;
    case 'indoor_storage':
    case 'outdoor_storage':
      return `Drop-off by appointment: message us a day ahead. Use the service gate at ${line1}; ${who} will meet you, record the odometer and hand over your key tag. Gate PIN ${code}.`;
  }
}

/** One demo listing from its plan, drawn from the seeded source so every run gives the same data. */
export function buildListing(rng: Rng, plan: ListingPlan): DemoListing {
  const centre = LOCALITIES.find((l) => l.name === plan.locality && l.city === plan.city);
  if (!centre) throw new Error(`Unknown demo locality ${plan.locality}, ${plan.city}`);
  const v = VEHICLES[plan.type];
  const vehicle_types = plan.vehicles ?? subset(rng, v.base, v.extra, 0.5);
  const a = AMENITIES[plan.type];
  const amenities = subset(rng, a.base, a.extra, 0.45);
  const opening_hours = hoursFor(rng, plan);
  if (!opening_hours && plan.type !== 'street' && plan.type !== 'driveway') amenities.push('access_24_7');
  const carSpace = ['driveway', 'garage', 'covered_lot', 'open_lot'].includes(plan.type) && !vehicle_types.every((t) => t === 'motorcycle');
  const lot = plan.type === 'covered_lot' || plan.type === 'open_lot';
  const charger = carSpace && chance(rng, 0.25) ? pick(rng, CHARGERS[lot ? 'lot' : 'home']) : null;
  if (charger) amenities.push('ev_charging');

  const [minCap, maxCap] = CAPACITY[plan.type];
  const capacity = vehicle_types.every((t) => t === 'motorcycle') ? int(rng, 4, 12) : int(rng, minCap, maxCap);
  const line1 = `${int(rng, 1, 220)}, ${plan.street}`;
  const storage = plan.type === 'indoor_storage' || plan.type === 'outdoor_storage';
  const listing = {
    title: plan.title,
    parking_type: plan.type,
    vehicle_types,
    amenities,
    ev_connector: charger?.connector ?? null,
    ev_power_kw: charger?.kw ?? null,
    address_line1: line1,
    locality: plan.locality,
    city: plan.city,
    state: centre.state,
    postal_code: PIN_CODES[plan.locality] ?? '560001',
    // within about a kilometre of the locality's centre
    lat: Math.round((centre.lat + between(rng, -0.009, 0.009)) * 1e6) / 1e6,
    lng: Math.round((centre.lng + between(rng, -0.009, 0.009)) * 1e6) / 1e6,
    ...sizesFor(rng, plan.type),
    capacity,
    ...ratesFor(rng, plan),
    instant_book: chance(rng, storage ? 0.5 : 0.85),
    min_duration_minutes: storage ? 7 * MINUTES_A_DAY : chance(rng, 0.3) ? 60 : null,
    max_duration_minutes: plan.airport ? 30 * MINUTES_A_DAY : null,
    opening_hours,
    access_instructions: accessFor(rng, plan, line1),
    cancellation_policy: storage ? 'strict' : plan.type === 'driveway' || plan.type === 'street' ? 'flexible' : pick(rng, ['flexible', 'moderate', 'moderate'] as const),
  } satisfies Omit<DemoListing, 'description'>;
  return { ...listing, description: describe(rng, plan, amenities, opening_hours, listing) };
}
