import type { Database, Queryable } from '../db/database';
import type { Storage } from '../plugins/storage';
import { buildListing, type DemoListing } from './listings-build';
import { EXTRA_DEMO_HOSTS, LISTING_PLANS, type ListingPlan } from './listings-plans';
import { PHOTO_VARIANTS, renderDemoPhotos, seededRandom, type DemoPhoto } from './photos';
import type { Rng } from './photos-scenes';
import type { VehicleKind } from './photos-vehicles';

export const DEMO_HOST_EMAIL = 'host@parkly.test';

/** Which pictured vehicle stands for each accepted vehicle type. */
const PICTURED: Record<DemoListing['vehicle_types'][number], VehicleKind> = {
  motorcycle: 'bike', hatchback: 'car', sedan: 'car', suv: 'suv', van: 'suv', truck: 'truck', rv: 'rv', boat: 'boat', trailer: 'truck',
};

/**
 * Loads the demo listings: about seventy across six cities, owned by the demo host and three more
 * verified hosts, with pictures rendered locally. Does nothing when the demo host is missing or
 * already has listings, so it can run on every start of an empty database and never twice.
 * `passwordHash` lets the extra hosts sign in with the demo password.
 */
export async function seedListings(db: Database, storage: Storage, opts: { passwordHash?: string } = {}) {
  const host = await db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [DEMO_HOST_EMAIL]);
  const hostId = host[0]?.id;
  if (!hostId) return { listings: 0 };
  const existing = await db.query(`SELECT 1 FROM listings WHERE host_id = $1 LIMIT 1`, [hostId]);
  if (existing.length) return { listings: 0 };

  // files first: they cannot join the transaction, and rendering would hold PGlite's only connection
  const photos = await renderDemoPhotos(storage);
  const rng = seededRandom(20250101);
  const built = LISTING_PLANS.map((plan) => ({ plan, listing: buildListing(rng, plan) }));
  await db.transaction(async (tx) => {
    const hosts: Record<string, string> = { priya: hostId, ...(await insertExtraHosts(tx, opts.passwordHash ?? null)) };
    for (const { plan, listing } of built) {
      const id = await insertDemoListing(tx, hosts[plan.host ?? 'priya']!, plan, listing, rng);
      if (plan.status !== 'draft') await insertDemoPhotos(tx, id, choosePhotos(rng, plan, listing, photos));
    }
  });
  return { listings: built.length };
}

async function insertExtraHosts(tx: Queryable, passwordHash: string | null) {
  const ids: Record<string, string> = {};
  for (const [key, h] of Object.entries(EXTRA_DEMO_HOSTS)) {
    await tx.query(
      `INSERT INTO users (name, email, phone, password_hash, host_user, id_verification_status, created_at)
       VALUES ($1, $2, $3, $4, true, 'approved', now() - $5::int * interval '1 day')
       ON CONFLICT (email) DO NOTHING`,
      [h.name, h.email, h.phone, passwordHash, 200 + Object.keys(ids).length * 90],
    );
    const row = await tx.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [h.email]);
    ids[key] = row[0]!.id;
  }
  return ids;
}

async function insertDemoListing(tx: Queryable, hostId: string, plan: ListingPlan, l: DemoListing, rng: Rng): Promise<string> {
  const status = plan.status ?? 'active';
  const draft = status === 'draft';
  const ageDays = draft ? 2 : 20 + Math.floor(rng() * 380);
  const rows = await tx.query<{ id: string }>(
    `INSERT INTO listings (host_id, title, description, parking_type, vehicle_types, amenities, ev_connector, ev_power_kw,
            address_line1, locality, city, state, postal_code, lat, lng, max_length_m, max_width_m, max_height_m, capacity,
            hourly_rate, daily_rate, weekly_rate, monthly_rate, instant_book, min_duration_minutes, max_duration_minutes,
            opening_hours, access_instructions, cancellation_policy, status, created_at, updated_at, published_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26,
             $27::jsonb, $28, $29, $30, now() - $31::int * interval '1 day', now() - $32::int * interval '1 day',
             CASE WHEN $30 = 'draft' THEN NULL ELSE now() - ($31::int - 1) * interval '1 day' END)
     RETURNING id`,
    [
      hostId, l.title, l.description, l.parking_type, l.vehicle_types, l.amenities, l.ev_connector, l.ev_power_kw,
      l.address_line1, l.locality, l.city, l.state, l.postal_code, l.lat, l.lng, l.max_length_m, l.max_width_m, l.max_height_m, l.capacity,
      // a draft is a host half-way through the wizard: no prices yet
      draft ? null : l.hourly_rate, draft ? null : l.daily_rate, draft ? null : l.weekly_rate, draft ? null : l.monthly_rate,
      l.instant_book, l.min_duration_minutes, l.max_duration_minutes,
      l.opening_hours === null ? null : JSON.stringify(l.opening_hours), l.access_instructions, l.cancellation_policy, status,
      ageDays, Math.floor(ageDays * rng()),
    ],
  );
  const id = rows[0]!.id;
  if (plan.twoWheelers && !draft) {
    // riders share a unit, at about a third of each car rate (₹10 at least, in whole ₹5): decision 040
    await tx.query(
      `UPDATE listings SET two_wheelers_per_unit = $2,
              vehicle_types = CASE WHEN 'motorcycle' = ANY(vehicle_types) THEN vehicle_types ELSE array_prepend('motorcycle', vehicle_types) END,
              two_wheeler_hourly_rate = GREATEST(1000, round(hourly_rate / 1500.0) * 500),
              two_wheeler_daily_rate = GREATEST(1000, round(daily_rate / 1500.0) * 500),
              two_wheeler_weekly_rate = GREATEST(1000, round(weekly_rate / 1500.0) * 500),
              two_wheeler_monthly_rate = GREATEST(1000, round(monthly_rate / 1500.0) * 500)
        WHERE id = $1`,
      [id, plan.twoWheelers],
    );
  }
  await tx.query(
    `INSERT INTO listing_units (listing_id, label, created_at)
     SELECT $1, 'Space ' || n, now() - $3::int * interval '1 day' + n * interval '1 microsecond' FROM generate_series(1, $2::int) AS n`,
    [id, l.capacity, ageDays],
  );
  return id;
}

/** Two or three pictures of the listing's kind of space, those showing a vehicle it takes first. */
function choosePhotos(rng: Rng, plan: ListingPlan, l: DemoListing, photos: DemoPhoto[]): DemoPhoto[] {
  const accepted = new Set(l.vehicle_types.map((v) => PICTURED[v]));
  const ofType = PHOTO_VARIANTS[plan.type].map((vehicle) => photos.find((p) => p.type === plan.type && p.vehicle === vehicle)!);
  const ranked = ofType
    .map((p) => ({ p, score: (accepted.has(p.vehicle) ? 2 : 0) + rng() }))
    .sort((a, b) => b.score - a.score)
    .map((x) => x.p);
  return ranked.slice(0, rng() < 0.5 ? 2 : 3);
}

async function insertDemoPhotos(tx: Queryable, listingId: string, chosen: DemoPhoto[]) {
  for (const [position, p] of chosen.entries()) {
    await tx.query(
      `INSERT INTO listing_photos (listing_id, large_key, thumb_key, width, height, position, is_cover) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [listingId, p.largeKey, p.thumbKey, p.width, p.height, position, position === 0],
    );
  }
}
