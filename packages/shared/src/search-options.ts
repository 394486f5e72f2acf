import type { VehicleType } from './catalog';

// Search options without zod, so the web app's first screen can use them without loading the schemas.

/** Caps that keep every search cheap, whatever the input. */
export const SEARCH_LIMITS = {
  radiusDefaultKm: 5,
  radiusMaxKm: 50,
  /** a map view may span at most this many degrees each way (about 165 km) */
  bboxMaxDegrees: 1.5,
  limitDefault: 20,
  limitMax: 50,
  /** the longest window a search may ask about: a year, like the longest stay */
  windowMaxMinutes: 366 * 24 * 60,
  qMax: 100,
  cursorMax: 300,
  /**
   * a search counts its matches up to this many (`total`: five pages of results), then says
   * `total_capped` ('100+ spaces'): counting them all would cost every search in proportion to how many
   * listings a busy area has, and with a window each one counted is an availability check (counting to
   * 200 took a third more of the database's time per search, for a figure no driver acts on)
   */
  countCap: 100,
} as const;

/** How far a search counts its matches: beyond it the answer's total is this, with `total_capped`. */
export const SEARCH_COUNT_CAP = SEARCH_LIMITS.countCap;

export const SEARCH_SORTS = ['distance', 'price', 'rating'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/**
 * What a vehicle of each type needs, in metres (length, width, height): a listing whose size limits
 * are smaller does not fit it. Typical Indian models, rounded up.
 */
export const VEHICLE_SIZES: Record<VehicleType, { length: number; width: number; height: number }> = {
  motorcycle: { length: 2.2, width: 0.9, height: 1.3 },
  hatchback: { length: 4.0, width: 1.8, height: 1.6 },
  sedan: { length: 4.7, width: 1.9, height: 1.6 },
  suv: { length: 4.9, width: 2.0, height: 1.9 },
  van: { length: 5.3, width: 2.0, height: 2.3 },
  truck: { length: 7.5, width: 2.5, height: 3.5 },
  rv: { length: 7.5, width: 2.5, height: 3.4 },
  boat: { length: 7.0, width: 2.6, height: 3.0 },
  trailer: { length: 6.0, width: 2.5, height: 2.8 },
};
