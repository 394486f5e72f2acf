import type { ParkingType } from '@parkly/shared/catalog';
import { encodeListingPhoto } from '../modules/listings/photo-encoding';
import type { Storage } from '../plugins/storage';
import { sceneSvg, type Rng } from './photos-scenes';
import type { VehicleKind } from './photos-vehicles';

/** The vehicles each kind of space is pictured with: three pictures per kind. */
export const PHOTO_VARIANTS: Record<ParkingType, VehicleKind[]> = {
  driveway: ['car', 'suv', 'bike'],
  garage: ['car', 'suv', 'bike'],
  carport: ['car', 'bike', 'suv'],
  open_lot: ['car', 'suv', 'bike'],
  covered_lot: ['car', 'suv', 'bike'],
  street: ['car', 'bike', 'suv'],
  indoor_storage: ['car', 'bike', 'rv'],
  outdoor_storage: ['rv', 'boat', 'truck'],
};

export interface DemoPhoto {
  type: ParkingType;
  vehicle: VehicleKind;
  largeKey: string;
  thumbKey: string;
  width: number;
  height: number;
}

/** Shared by many demo listings, so they live outside any listing's folder and are never removed with a photo. */
const keyOf = (type: ParkingType, i: number, size: 'lg' | 'th') => `listings/demo/${type.replace('_', '-')}-${i + 1}-${size}.webp`;

/** mulberry32: a tiny seeded generator, so every run draws the same pictures and listings. */
export function seededRandom(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Renders the 24 demo pictures (8 kinds of space x 3) to WebP in the two listing sizes and stores
 * them. Rendering goes through the same encoder as uploads, a few at a time (sharp has a pool).
 */
export async function renderDemoPhotos(storage: Storage): Promise<DemoPhoto[]> {
  const specs = (Object.keys(PHOTO_VARIANTS) as ParkingType[]).flatMap((type, t) =>
    PHOTO_VARIANTS[type].map((vehicle, i) => ({ type, vehicle, i, seed: 1000 + t * 10 + i })),
  );
  const out: DemoPhoto[] = [];
  const BATCH = 4;
  for (let start = 0; start < specs.length; start += BATCH) {
    const batch = specs.slice(start, start + BATCH);
    const done = await Promise.all(
      batch.map(async (s) => {
        const svg = sceneSvg({ type: s.type, vehicle: s.vehicle }, seededRandom(s.seed));
        const encoded = await encodeListingPhoto(Buffer.from(svg), { effort: 1 });
        const largeKey = keyOf(s.type, s.i, 'lg');
        const thumbKey = keyOf(s.type, s.i, 'th');
        await storage.put(largeKey, encoded.large, 'public');
        await storage.put(thumbKey, encoded.thumb, 'public');
        return { type: s.type, vehicle: s.vehicle, largeKey, thumbKey, width: encoded.width, height: encoded.height };
      }),
    );
    out.push(...done);
  }
  return out;
}
