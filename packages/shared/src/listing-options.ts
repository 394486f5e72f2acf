// Listing constants and helpers without zod, so screens that only show listings (the public page, search
// results) do not load the schemas; listings.ts builds its schemas from these.

/** Listing limits the API enforces and the web app shows. */
export const LISTING_LIMITS = {
  titleMin: 5,
  titleMax: 100,
  descriptionMax: 4000,
  accessInstructionsMax: 2000,
  capacityMax: 500,
  /** two-wheelers one unit fits (a unit holds bays [0, 6): migration 370) */
  twoWheelersPerUnitMax: 6,
  /** paise: ₹1 to ₹1,00,000 */
  rateMin: 100,
  rateMax: 10_000_000,
  sizeMin: 0.5,
  sizeMax: 30,
  photosMax: 20,
  windowsPerDayMax: 6,
  /** a stay may be at most a year */
  durationMaxMinutes: 366 * 24 * 60,
  blackoutMaxDays: 366,
  unitLabelMax: 60,
} as const;

/** Public answers round positions to this many decimals (about 100 m), so a home cannot be pinpointed. */
export const PUBLIC_COORDINATE_DECIMALS = 3;
const COORDINATE_SCALE = 10 ** PUBLIC_COORDINATE_DECIMALS;
/** A position as public answers give it: about 100 m, enough to show the area, not enough to find the gate. */
export function roundCoordinate(v: number): number;
export function roundCoordinate(v: number | null): number | null;
export function roundCoordinate(v: number | null) {
  return v === null ? null : Math.round(v * COORDINATE_SCALE) / COORDINATE_SCALE;
}

export const LISTING_STATUSES = ['draft', 'pending_review', 'active', 'paused', 'rejected', 'suspended', 'deleted'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** Charger connectors seen in India, with the names drivers know them by. */
export const EV_CONNECTORS = {
  type2: { label: 'Type 2 (AC)' },
  ccs2: { label: 'CCS2 (DC fast)' },
  chademo: { label: 'CHAdeMO (DC fast)' },
  bharat_ac001: { label: 'Bharat AC-001' },
  bharat_dc001: { label: 'Bharat DC-001' },
  gb_t: { label: 'GB/T' },
  socket_15a: { label: '15 A home socket' },
} as const;
export type EvConnector = keyof typeof EV_CONNECTORS;
export const EV_CONNECTOR_KEYS = Object.keys(EV_CONNECTORS) as [EvConnector, ...EvConnector[]];

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Time zones are time.ts's business; the listing schemas check a listing's zone with it. */
export { isTimeZone } from './time';

/** Minutes since midnight of 'HH:MM' ('24:00' is 1440). */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
