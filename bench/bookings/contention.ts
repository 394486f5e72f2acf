/**
 * The contention run's stays: in each wave, every listing gets `perWave` stays from different guests
 * that all cover one common hour (each reaching a random 0 to 2 hours further either side), so at
 * most one stay per unit can win: exactly min(perWave, units) should be booked, the rest answered 409.
 */
import type { AttemptOutcome, Stay } from './drive-worker';

const HOUR = 3_600_000;
const QUARTER = 15 * 60_000;

/** mulberry32: a small seeded generator, so a run's stays can be repeated */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ContendedStay extends Stay {
  wave: number;
  units: number;
}

export function contendedStays(o: { listings: { id: string; units: number }[]; waves: number; perWave: number; baseMs: number; guests: number; seed: number }): ContendedStay[] {
  const rnd = random(o.seed);
  const stays: ContendedStay[] = [];
  let guest = 0;
  for (let wave = 0; wave < o.waves; wave++) {
    // each wave on its own day, the common hour from 12:00 to 13:00 past the base
    const core = o.baseMs + wave * 24 * HOUR + 12 * HOUR;
    for (const l of o.listings) {
      for (let i = 0; i < o.perWave; i++) {
        const start = core - Math.floor(rnd() * 9) * QUARTER;
        const end = core + HOUR + Math.floor(rnd() * 9) * QUARTER;
        stays.push({ guest: guest++ % o.guests, listing: l.id, start: new Date(start).toISOString(), end: new Date(end).toISOString(), wave, units: l.units });
      }
    }
  }
  // all at once, in no particular order
  for (let i = stays.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [stays[i], stays[j]] = [stays[j]!, stays[i]!];
  }
  return stays;
}

export interface ContentionRow {
  units: number;
  listings: number;
  attempts: number;
  created: number;
  slotTaken: number;
  otherConflict: number;
  other: Record<string, number>;
  paid: number;
  /** winners expected: min(perWave, units) per listing and wave */
  expected: number;
  /** listing-waves with a different number of winners than expected */
  offWaves: number;
  /** live bookings of these listings afterwards, by SQL */
  live: number;
}

export function tallyContention(stays: ContendedStay[], outcomes: AttemptOutcome[], perWave: number, live: Map<string, number>): ContentionRow[] {
  const rows = new Map<number, ContentionRow>();
  const winners = new Map<string, number>();
  const listingsOf = new Map<number, Set<string>>();
  stays.forEach((s, i) => {
    const o = outcomes[i]!;
    let r = rows.get(s.units);
    if (!r) {
      r = { units: s.units, listings: 0, attempts: 0, created: 0, slotTaken: 0, otherConflict: 0, other: {}, paid: 0, expected: 0, offWaves: 0, live: 0 };
      rows.set(s.units, r);
      listingsOf.set(s.units, new Set());
    }
    listingsOf.get(s.units)!.add(s.listing);
    r.attempts += 1;
    if (o.book === 201) {
      r.created += 1;
      winners.set(`${s.listing}:${s.wave}`, (winners.get(`${s.listing}:${s.wave}`) ?? 0) + 1);
    } else if (o.book === 409 && o.code === 'SLOT_TAKEN') r.slotTaken += 1;
    else if (o.book === 409) r.otherConflict += 1;
    else r.other[o.book] = (r.other[o.book] ?? 0) + 1;
    if (o.pay === 200) r.paid += 1;
  });
  const waves = new Set(stays.map((s) => s.wave)).size;
  for (const r of rows.values()) {
    const ids = [...listingsOf.get(r.units)!];
    r.listings = ids.length;
    r.expected = ids.length * waves * Math.min(perWave, r.units);
    for (const id of ids) {
      r.live += live.get(id) ?? 0;
      for (let w = 0; w < waves; w++) if ((winners.get(`${id}:${w}`) ?? 0) !== Math.min(perWave, r.units)) r.offWaves += 1;
    }
  }
  return [...rows.values()].sort((a, b) => a.units - b.units);
}

export interface ExtensionStay extends Stay {
  /** true for the stay's own driver asking for more time; false for another driver wanting the unit then */
  more: boolean;
}

/**
 * The extension contention (decision 039): each one-unit listing has a paid stay (`bases`, with its
 * booking's id); at its end, its driver asks for three lengths of more time (30, 60, 120 minutes) while
 * `perWave - 3` other drivers book stays starting within a quarter of an hour of that end, all at once and
 * shuffled. Each of them covers the stay's first half hour after, so exactly one per listing can win.
 */
export function extensionStays(o: { bases: (Stay & { id: string })[]; perWave: number; guests: number; seed: number }): ExtensionStay[] {
  const rnd = random(o.seed + 1);
  const stays: ExtensionStay[] = [];
  for (const b of o.bases) {
    const end = Date.parse(b.end);
    for (const minutes of [30, 60, 120]) {
      stays.push({ guest: b.guest, listing: b.listing, start: b.end, end: new Date(end + minutes * 60_000).toISOString(), extends_booking_id: b.id, more: true });
    }
    for (let i = 0; i < Math.max(1, o.perWave - 3); i++) {
      const start = end + Math.floor(rnd() * 2) * QUARTER;
      // another guest than the stay's own
      const guest = (b.guest + 1 + i) % o.guests === b.guest ? (b.guest + 2 + i) % o.guests : (b.guest + 1 + i) % o.guests;
      stays.push({ guest, listing: b.listing, start: new Date(start).toISOString(), end: new Date(start + HOUR).toISOString(), more: false });
    }
  }
  for (let i = stays.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [stays[i], stays[j]] = [stays[j]!, stays[i]!];
  }
  return stays;
}

export interface ExtensionTally {
  listings: number;
  attempts: number;
  /** listings with exactly one winner */
  oneWinner: number;
  wonByMore: number;
  wonByOthers: number;
  slotTaken: number;
  other: Record<string, number>;
  paid: number;
}

export function tallyExtensions(stays: ExtensionStay[], outcomes: AttemptOutcome[]): ExtensionTally {
  const winners = new Map<string, number>();
  const t: ExtensionTally = { listings: new Set(stays.map((s) => s.listing)).size, attempts: stays.length, oneWinner: 0, wonByMore: 0, wonByOthers: 0, slotTaken: 0, other: {}, paid: 0 };
  stays.forEach((s, i) => {
    const o = outcomes[i]!;
    if (o.book === 201) {
      winners.set(s.listing, (winners.get(s.listing) ?? 0) + 1);
      if (s.more) t.wonByMore += 1;
      else t.wonByOthers += 1;
    } else if (o.book === 409 && o.code === 'SLOT_TAKEN') t.slotTaken += 1;
    else t.other[`${o.book}${o.code ? ` ${o.code}` : ''}`] = (t.other[`${o.book}${o.code ? ` ${o.code}` : ''}`] ?? 0) + 1;
    if (o.pay === 200) t.paid += 1;
  });
  t.oneWinner = [...winners.values()].filter((n) => n === 1).length;
  return t;
}

export interface BikeStay extends Stay {
  /** a rider (with their motorcycle) or a car driver (no vehicle: the whole unit) */
  rider: boolean;
}

/**
 * The two-wheeler contention (decision 040): on each bike listing (one unit fitting `bays` two-wheelers),
 * `perWave` riders and two car drivers book stays that all cover one common hour, all at once and shuffled.
 * Either one car wins (and no rider), or exactly `bays` riders do (and no car): never one more, never both.
 */
export function bikeStays(o: { listings: string[]; motorcycles: string[]; perWave: number; baseMs: number; guests: number; seed: number }): BikeStay[] {
  const rnd = random(o.seed + 2);
  const stays: BikeStay[] = [];
  let guest = 0;
  const core = o.baseMs + 12 * HOUR;
  for (const listing of o.listings) {
    for (let i = 0; i < o.perWave + 2; i++) {
      const g = guest++ % o.guests;
      const rider = i < o.perWave;
      const start = core - Math.floor(rnd() * 5) * QUARTER;
      const end = core + HOUR + Math.floor(rnd() * 5) * QUARTER;
      stays.push({ guest: g, listing, start: new Date(start).toISOString(), end: new Date(end).toISOString(), rider, ...(rider && { vehicle_id: o.motorcycles[g] }) });
    }
  }
  for (let i = stays.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [stays[i], stays[j]] = [stays[j]!, stays[i]!];
  }
  return stays;
}

export interface BikeTally {
  listings: number;
  attempts: number;
  /** listings won by exactly `bays` riders, and by exactly one car */
  byRiders: number;
  byCar: number;
  /** listings with any other outcome (one rider too many, a car beside a rider): must be 0 */
  wrong: number;
  slotTaken: number;
  other: Record<string, number>;
}

export function tallyBikes(stays: BikeStay[], outcomes: AttemptOutcome[], bays: number): BikeTally {
  const won = new Map<string, { riders: number; cars: number }>();
  const t: BikeTally = { listings: new Set(stays.map((s) => s.listing)).size, attempts: stays.length, byRiders: 0, byCar: 0, wrong: 0, slotTaken: 0, other: {} };
  stays.forEach((s, i) => {
    const o = outcomes[i]!;
    const w = won.get(s.listing) ?? { riders: 0, cars: 0 };
    won.set(s.listing, w);
    if (o.book === 201) {
      if (s.rider) w.riders += 1;
      else w.cars += 1;
    } else if (o.book === 409 && o.code === 'SLOT_TAKEN') t.slotTaken += 1;
    else t.other[`${o.book}${o.code ? ` ${o.code}` : ''}`] = (t.other[`${o.book}${o.code ? ` ${o.code}` : ''}`] ?? 0) + 1;
  });
  for (const w of won.values()) {
    if (w.cars === 0 && w.riders === bays) t.byRiders += 1;
    else if (w.cars === 1 && w.riders === 0) t.byCar += 1;
    else t.wrong += 1;
  }
  return t;
}
