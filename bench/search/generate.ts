/**
 * The data generator: one host, N live listings clustered around six Indian cities (units, opening
 * hours, rates, ratings, a few blackouts) and M bookings, all inserted with set-based SQL in batches.
 * Listings that take motorcycles fit 1 to 6 two-wheelers a unit, most with two-wheeler rates, and a share
 * of their bookings are riders on one bay, some with a second rider beside them on another bay at the same
 * time (decision 040), so a motorcycle search meets units that riders hold in part (decision 043).
 */
import { RATE_KEYS } from '@parkly/shared/pricing';
import { STATEMENT_TIMEOUT_MS, type Database, type Queryable } from '../../apps/api/src/db/database';
import { CITIES, KM_PER_DEGREE, SPREAD_KM } from './cities';

export interface GenerateOptions {
  listings: number;
  bookings: number;
  /** seeds PostgreSQL's random() so a run can be repeated */
  seed: number;
  log: (line: string) => void;
}

export interface GenerateStats {
  listings: number;
  units: number;
  bookings: number;
  blockingBookings: number;
  /** bookings of one two-wheeler bay (the rest hold the whole unit) */
  riderBookings: number;
  blackouts: number;
  withOpeningHours: number;
  seconds: number;
}

const LISTING_BATCH = 10_000;
/** units per booking batch: about 100k bookings a batch at 1M bookings over 200k units */
const UNIT_BATCH = 20_000;
const BOOKING_HORIZON_DAYS = 60;

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (items: readonly string[]) => `ARRAY[${items.map(lit).join(', ')}]::text[]`;

/** CASE WHEN r < c1 THEN e1 … ELSE eN END: picks an expression with the given weights from a random() column. */
function pick(r: string, options: [string, number][]): string {
  const sum = options.reduce((s, [, w]) => s + w, 0);
  let acc = 0;
  const whens = options.slice(0, -1).map(([expr, w]) => {
    acc += w / sum;
    return `WHEN ${r} < ${acc.toFixed(6)} THEN ${expr}`;
  });
  return `CASE ${whens.join(' ')} ELSE ${options.at(-1)![0]} END`;
}

const PARKING_TYPES: [string, number][] = [
  ['driveway', 18],
  ['garage', 14],
  ['carport', 6],
  ['open_lot', 16],
  ['covered_lot', 16],
  ['street', 10],
  ['indoor_storage', 10],
  ['outdoor_storage', 10],
];
const TYPE_LABEL: Record<string, string> = {
  driveway: 'Driveway',
  garage: 'Private garage',
  carport: 'Carport',
  open_lot: 'Open lot',
  covered_lot: 'Covered lot',
  street: 'Street spot',
  indoor_storage: 'Indoor storage',
  outdoor_storage: 'Outdoor storage',
};

const CAR_VEHICLES: [string, number][] = [
  [textArray(['hatchback', 'sedan']), 20],
  [textArray(['hatchback', 'sedan', 'suv']), 35],
  [textArray(['motorcycle']), 10],
  [textArray(['motorcycle', 'hatchback', 'sedan']), 15],
  [textArray(['hatchback', 'sedan', 'suv', 'van']), 15],
  [textArray(['van', 'truck']), 5],
];
const STORAGE_VEHICLES: [string, number][] = [
  [textArray(['motorcycle', 'hatchback', 'sedan', 'suv']), 35],
  [textArray(['suv', 'van', 'rv']), 20],
  [textArray(['boat', 'trailer']), 15],
  [textArray(['rv', 'boat', 'trailer', 'truck']), 15],
  [textArray(['sedan', 'suv', 'van', 'truck']), 15],
];

const AMENITY_ODDS: [string, number][] = [
  ['covered', 0.35],
  ['ev_charging', 0.12],
  ['cctv', 0.45],
  ['gated', 0.35],
  ['lighting', 0.5],
  ['security_guard', 0.25],
  ['access_24_7', 0.4],
  ['wheelchair_accessible', 0.08],
  ['valet', 0.04],
  ['car_wash', 0.05],
];

const days = (keys: string[], open: string, close: string) => Object.fromEntries(keys.map((k) => [k, [{ open, close }]]));
const ALL_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'];
/** Weekly opening hours for the ~30% of listings that have any (the rest are open 24/7). */
const OPENING_HOURS: [string, number][] = [
  [days(ALL_DAYS, '07:00', '22:00'), 40],
  [days(ALL_DAYS, '06:00', '23:30'), 25],
  [{ ...days(WEEKDAYS, '08:00', '20:00'), sat: [{ open: '09:00', close: '18:00' }] }, 20],
  [{ ...days(ALL_DAYS, '00:00', '24:00'), sun: [{ open: '10:00', close: '16:00' }] }, 15],
].map(([hours, w]) => [`${lit(JSON.stringify(hours))}::jsonb`, w as number]);

function citiesSql(): string {
  const total = CITIES.reduce((s, c) => s + c.weight, 0);
  let acc = 0;
  const rows = CITIES.map((c, i) => {
    const lo = acc / total;
    acc += c.weight;
    const hi = i === CITIES.length - 1 ? 1.000001 : acc / total;
    return `(${lit(c.name)}, ${lit(c.state)}, ${c.lat}::float8, ${c.lng}::float8, ${lo}::float8, ${hi}::float8, ${lit(c.postalPrefix)}, ${textArray(c.localities)})`;
  });
  return `cities(name, state, lat, lng, lo, hi, postal, localities) AS (VALUES ${rows.join(',\n ')})`;
}

/** One batch of listings: numbers [$2, $3], hosted by $1. */
function listingsSql(): string {
  const sigmaLat = SPREAD_KM / KM_PER_DEGREE;
  const typeLabel = `CASE s.parking_type ${Object.entries(TYPE_LABEL)
    .map(([k, v]) => `WHEN ${lit(k)} THEN ${lit(v)}`)
    .join(' ')} END`;
  const storage = `s.parking_type IN ('indoor_storage', 'outdoor_storage')`;
  const covered = `s.parking_type IN ('garage', 'covered_lot', 'indoor_storage', 'carport')`;
  const amenities = `array_remove(ARRAY[${AMENITY_ODDS.map(([a, p]) => `CASE WHEN random() < ${p} THEN ${lit(a)} END`).join(', ')}]::text[], NULL)`;
  return `
    WITH ${citiesSql()},
    src AS (
      SELECT g, random() AS r_city, random() AS u1, random() AS u2, random() AS r_type, random() AS r_veh,
             random() AS r_loc, random() AS r_cap, random() AS r_rate, random() AS r_hours, random() AS r_hours_kind,
             random() AS r_rating, random() AS r_min
        FROM generate_series($2::int, $3::int) g
    ),
    typed AS (
      SELECT src.*, ${pick('src.r_type', PARKING_TYPES.map(([k, w]) => [lit(k), w]))} AS parking_type,
             c.name AS city, c.state, c.postal,
             c.localities[1 + floor(src.r_loc * array_length(c.localities, 1))::int] AS locality,
             c.lat + ${sigmaLat} * sqrt(-2 * ln(1 - src.u1)) * cos(2 * pi() * src.u2) AS lat,
             c.lng + ${sigmaLat} / cos(radians(c.lat)) * sqrt(-2 * ln(1 - src.u1)) * sin(2 * pi() * src.u2) AS lng,
             -- paise, in steps of Rs 5: Rs 20 to Rs 150 an hour
             (4 + floor(src.r_rate * 27)::int) * 500 AS hourly
        FROM src JOIN cities c ON src.r_city >= c.lo AND src.r_city < c.hi
    )
    INSERT INTO listings (host_id, title, description, parking_type, vehicle_types, amenities,
                          address_line1, locality, city, state, postal_code, country, lat, lng, time_zone,
                          max_height_m, capacity, hourly_rate, daily_rate, weekly_rate, monthly_rate,
                          instant_book, min_duration_minutes, max_duration_minutes, opening_hours,
                          access_instructions, cancellation_policy, status, rating_avg, rating_count,
                          created_at, updated_at, published_at)
    SELECT $1::uuid,
           ${typeLabel} || ' in ' || s.locality || ' #' || s.g,
           ${typeLabel} || ' in ' || s.locality || ', ' || s.city || ': easy access, well lit, close to the main road.',
           s.parking_type,
           CASE WHEN ${storage} THEN ${pick('s.r_veh', STORAGE_VEHICLES)} ELSE ${pick('s.r_veh', CAR_VEHICLES)} END,
           ${amenities},
           (1 + floor(random() * 400)::int) || ', ' || s.locality || ' Main Road',
           s.locality, s.city, s.state, s.postal || lpad(floor(random() * 100)::int::text, 3, '0'), 'IN',
           round(s.lat::numeric, 6)::float8, round(s.lng::numeric, 6)::float8, 'Asia/Kolkata',
           CASE WHEN ${covered} AND random() < 0.5 THEN 2.10 END,
           ${pick('s.r_cap', [
             ['1', 40],
             ['2', 30],
             ['3', 15],
             ['4', 15],
           ])},
           CASE WHEN ${storage} AND s.r_rate < 0.5 THEN NULL ELSE s.hourly END,
           s.hourly * (6 + floor(random() * 5)::int),
           CASE WHEN random() < 0.5 THEN s.hourly * 40 END,
           CASE WHEN random() < 0.7 THEN s.hourly * (150 + floor(random() * 100)::int) END,
           random() < 0.8,
           ${pick('s.r_min', [
             ['NULL', 80],
             ['60', 15],
             ['CASE WHEN ' + storage + ' THEN 1440 ELSE 120 END', 5],
           ])},
           CASE WHEN random() < 0.05 THEN 43200 END,
           CASE WHEN s.r_hours < 0.3 THEN ${pick('s.r_hours_kind', OPENING_HOURS)} END,
           'Call on arrival; the bay number is on the gate.',
           ${pick('random()', [
             [lit('flexible'), 40],
             [lit('moderate'), 45],
             [lit('strict'), 15],
           ])},
           'active',
           CASE WHEN s.r_rating < 0.6 THEN round((3 + random() * 2)::numeric, 2) END,
           CASE WHEN s.r_rating < 0.6 THEN 1 + floor(random() * 150)::int ELSE 0 END,
           now() - interval '400 days', now(), now() - random() * interval '365 days'
      FROM typed s`;
}

/** One batch of bookings on bench_units numbered [$2, $3]: $4 bookings on random units of the batch, each unit's laid out one after another. */
function bookingsSql(): string {
  const horizon = BOOKING_HORIZON_DAYS * 86_400;
  return `
    WITH picks AS (
      SELECT $2::int + floor(random() * ($3::int - $2::int + 1))::int AS n FROM generate_series(1, $4::int)
    ),
    slotted AS (
      SELECT n, (row_number() OVER (PARTITION BY n) - 1)::int AS i, count(*) OVER (PARTITION BY n) AS k,
             random() AS r_dur, random() AS r_off, random() AS r_status
        FROM picks
    ),
    sized AS (
      -- each of a unit's k bookings lies in its own slot of the horizon, so none overlap
      SELECT s.*, ${horizon}::float8 / s.k AS slot,
             -- 1 hour to 3 days, most of them short, in 15-minute steps, never longer than 90% of the slot
             LEAST(900 * floor((3600 + s.r_dur * s.r_dur * s.r_dur * (259200 - 3600)) / 900), 0.9 * ${horizon}::float8 / s.k) AS dur
        FROM slotted s
    )
    INSERT INTO bookings (listing_id, unit_id, guest_id, during, status, subtotal, service_fee, host_fee, total, payment_status, created_at, updated_at)
    SELECT u.listing_id, u.unit_id, $1::uuid,
           tstzrange(t.starts, t.starts + make_interval(secs => s.dur)),
           CASE WHEN s.r_status < 0.9 THEN 'confirmed' ELSE 'cancelled' END,
           p.subtotal, round(p.subtotal * 0.05)::int, round(p.subtotal * 0.15)::int, p.subtotal + round(p.subtotal * 0.05)::int,
           CASE WHEN s.r_status < 0.9 THEN 'paid' ELSE 'refunded' END,
           now() - interval '1 day', now() - interval '1 day'
      FROM sized s
      JOIN bench_units u ON u.n = s.n
      CROSS JOIN LATERAL (SELECT date_trunc('hour', now()) + interval '1 hour'
                                 + make_interval(secs => s.slot * s.i + 900 * floor((s.slot - s.dur) * s.r_off / 900)) AS starts) t
      CROSS JOIN LATERAL (SELECT (ceil(s.dur / 3600) * 5000)::int AS subtotal) p`;
}

/**
 * Two-wheelers on the listings of host $1 that take motorcycles: 1, 2, 4 or 6 a unit, and for 70% of them
 * two-wheeler rates at about a third of each car rate (whole rupees in steps of 5, at least Rs 10), as the
 * demo's seed sets them (none where the car rate is not offered). A statement of its own, after the listings,
 * so the rest of the data is as before.
 */
const TWO_WHEELER_LISTINGS_SQL = `
  UPDATE listings l
     SET two_wheelers_per_unit = ${pick('x.r_n', [
       ['1', 25],
       ['2', 30],
       ['4', 30],
       ['6', 15],
     ])},
${RATE_KEYS.map((k) => `         two_wheeler_${k} = CASE WHEN x.priced AND l.${k} IS NOT NULL THEN GREATEST(1000, round(l.${k} / 1500.0) * 500) END`).join(',\n')}
    FROM (SELECT id, random() AS r_n, random() < 0.7 AS priced FROM listings WHERE host_id = $1 AND 'motorcycle' = ANY(vehicle_types)) x
   WHERE l.id = x.id`;

/**
 * Riders: half the bookings of listings that take motorcycles become one rider on a random bay [k, k+1)
 * below the listing's two_wheelers_per_unit (a unit's bookings never overlap in time, so any bay fits);
 * then beside 40% of those on a unit of two or more bays, a second rider for the same time on the next
 * bay. Bookings are laid out per unit without overlaps, so the constraint (migration 370) holds.
 */
const RIDER_BOOKINGS_SQL = [
  `UPDATE bookings b
      SET bays = int4range(x.k, x.k + 1)
     FROM (SELECT b.id, floor(random() * l.two_wheelers_per_unit)::int AS k
             FROM bookings b JOIN listings l ON l.id = b.listing_id
            WHERE l.host_id = $1 AND 'motorcycle' = ANY(l.vehicle_types) AND random() < 0.5) x
    WHERE b.id = x.id`,
  `INSERT INTO bookings (listing_id, unit_id, guest_id, during, bays, status, subtotal, service_fee, host_fee, total, payment_status, created_at, updated_at)
   SELECT b.listing_id, b.unit_id, b.guest_id, b.during, int4range((lower(b.bays) + 1) % l.two_wheelers_per_unit, (lower(b.bays) + 1) % l.two_wheelers_per_unit + 1),
          b.status, b.subtotal, b.service_fee, b.host_fee, b.total, b.payment_status, b.created_at, b.updated_at
     FROM bookings b JOIN listings l ON l.id = b.listing_id
    WHERE l.host_id = $1 AND upper(b.bays) - lower(b.bays) = 1 AND l.two_wheelers_per_unit >= 2 AND random() < 0.4`,
];

/** Runs fn in a transaction without the app's statement timeout (a batch can take longer than a request may). */
function batch<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`SET LOCAL statement_timeout = 0`);
    return fn(tx);
  });
}

/**
 * VACUUM ANALYZE, as autovacuum would leave the tables in a running system (statistics, and a visibility
 * map so index-only scans need not visit the heap). VACUUM cannot run inside a transaction, so the app's
 * statement timeout is lifted for the session instead: PGlite has one session, and the PostgreSQL pool
 * hands out the connection it got back last, so the three statements share one. Falls back to ANALYZE.
 */
export async function vacuumAnalyze(db: Database, log: (line: string) => void) {
  try {
    await db.query(`SET statement_timeout = 0`);
    await db.query(`VACUUM (ANALYZE) users, listings, listing_units, listing_blackouts, bookings`);
  } catch (err) {
    log(`  VACUUM failed (${(err as Error).message}): ANALYZE only`);
    await batch(db, (tx) => tx.query(`ANALYZE`));
  } finally {
    await db.query(`SET statement_timeout = ${STATEMENT_TIMEOUT_MS}`);
  }
}

export async function generate(db: Database, o: GenerateOptions): Promise<GenerateStats> {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const [host] = await db.query<{ id: string }>(
    `INSERT INTO users (name, email, host_user, id_verification_status) VALUES ('Bench Host', 'bench-host@parkly.test', true, 'approved') RETURNING id`,
  );
  const [guest] = await db.query<{ id: string }>(`INSERT INTO users (name, email) VALUES ('Bench Guest', 'bench-guest@parkly.test') RETURNING id`);

  // random() is seeded per batch (each batch is one transaction, so one connection on PostgreSQL too)
  const seeded = (tx: Queryable, k: number) => tx.query(`SELECT setseed($1::float8)`, [(Math.abs(o.seed * 7919 + k * 104_729) % 2000) / 1000 - 1]);

  const sql = listingsSql();
  for (let from = 1; from <= o.listings; from += LISTING_BATCH) {
    const to = Math.min(o.listings, from + LISTING_BATCH - 1);
    await batch(db, async (tx) => {
      await seeded(tx, from);
      await tx.query(sql, [host!.id, from, to]);
    });
    o.log(`  listings ${to}/${o.listings} (${elapsed()})`);
  }
  await batch(db, async (tx) => {
    await seeded(tx, -1);
    await tx.query(TWO_WHEELER_LISTINGS_SQL, [host!.id]);
  });
  o.log(`  two-wheelers on the listings that take motorcycles (${elapsed()})`);

  await batch(db, async (tx) => {
    await tx.query(
      `INSERT INTO listing_units (listing_id, label, created_at)
       SELECT l.id, 'Bay ' || n, l.created_at FROM listings l CROSS JOIN LATERAL generate_series(1, l.capacity) n WHERE l.host_id = $1`,
      [host!.id],
    );
    // a few listings are blacked out for a day to three somewhere in the next 50 days
    await seeded(tx, 0);
    await tx.query(
      `INSERT INTO listing_blackouts (listing_id, during, reason)
       SELECT b.id, tstzrange(b.starts, b.starts + b.days * interval '1 day'), 'Maintenance'
         FROM (SELECT id, date_trunc('day', now()) + floor(random() * 50)::int * interval '1 day' AS starts, 1 + floor(random() * 3)::int AS days
                 FROM listings WHERE host_id = $1 AND random() < 0.03) b`,
      [host!.id],
    );
    await tx.query(`DROP TABLE IF EXISTS bench_units`);
    await tx.query(`CREATE TABLE bench_units AS SELECT (row_number() OVER (ORDER BY id))::int AS n, id AS unit_id, listing_id FROM listing_units`);
    await tx.query(`CREATE UNIQUE INDEX ON bench_units (n)`);
  });
  const [{ units } = { units: 0 }] = await db.query<{ units: number }>(`SELECT count(*)::int AS units FROM bench_units`);
  o.log(`  units ${units} (${elapsed()})`);

  const bsql = bookingsSql();
  let made = 0;
  for (let from = 1; from <= units && o.bookings > 0; from += UNIT_BATCH) {
    const to = Math.min(units, from + UNIT_BATCH - 1);
    // the batch's share of the bookings, so the last batch makes up the total exactly
    const want = Math.round((o.bookings * to) / units) - made;
    if (want > 0) {
      await batch(db, async (tx) => {
        await seeded(tx, 1_000_000 + from);
        await tx.query(bsql, [guest!.id, from, to, want]);
      });
      made += want;
    }
    o.log(`  bookings ${made}/${o.bookings} (${elapsed()})`);
  }
  await db.query(`DROP TABLE bench_units`);
  await batch(db, async (tx) => {
    await seeded(tx, -2);
    for (const sql of RIDER_BOOKINGS_SQL) await tx.query(sql, [host!.id]);
  });
  o.log(`  riders on one bay each (${elapsed()})`);

  o.log(`  VACUUM ANALYZE (${elapsed()})`);
  await vacuumAnalyze(db, o.log);

  return { ...(await countData(db)), seconds: (performance.now() - started) / 1000 };
}

/** What the database holds now. */
export async function countData(db: Queryable): Promise<Omit<GenerateStats, 'seconds'>> {
  const [counts] = await db.query<Omit<GenerateStats, 'seconds'>>(
    `SELECT (SELECT count(*) FROM listings)::int AS listings,
            (SELECT count(*) FROM listing_units)::int AS units,
            (SELECT count(*) FROM bookings)::int AS bookings,
            (SELECT count(*) FROM bookings WHERE status IN ('pending_payment', 'requested', 'confirmed'))::int AS "blockingBookings",
            (SELECT count(*) FROM bookings WHERE upper(bays) - lower(bays) = 1)::int AS "riderBookings",
            (SELECT count(*) FROM listing_blackouts)::int AS blackouts,
            (SELECT count(*) FROM listings WHERE opening_hours IS NOT NULL)::int AS "withOpeningHours"`,
  );
  return counts!;
}
