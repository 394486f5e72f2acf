import { SEARCH_LIMITS } from '@parkly/shared/search-options';

/** minLng, minLat, maxLng, maxLat: the API's bbox */
export type Bbox = [number, number, number, number];

/**
 * Map views snap outward to a grid of half a map tile at the map's zoom (a tile is 360 / 2^zoom degrees
 * wide), so people looking at about the same place at the same zoom ask for the same box and the server
 * answers the later ones from its cache (docs/decisions/019-search-cache.md). Outward, so the box always
 * holds the whole view: it reaches at most half a tile past each edge, off screen.
 */
export const GRID_CELLS_PER_TILE = 2;

const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

/** The grid step in degrees at a zoom. */
export const gridStep = (zoom: number) => 360 / 2 ** (Math.max(0, Math.round(zoom)) + Math.log2(GRID_CELLS_PER_TILE));

/**
 * The view `b` snapped outward to the grid of `zoom`, inside the world's limits. A view the API would
 * take as it is but not once grown (past SEARCH_LIMITS.bboxMaxDegrees) is asked as it is.
 */
export function snapBbox(b: Bbox, zoom: number): Bbox {
  const step = gridStep(zoom);
  // a hair of tolerance, so an edge already on the grid stays where it is
  const down = (v: number) => round5(Math.floor(v / step + 1e-9) * step);
  const up = (v: number) => round5(Math.ceil(v / step - 1e-9) * step);
  const [w, s, e, n] = b;
  const snapped: Bbox = [Math.max(-180, down(w)), Math.max(-90, down(s)), Math.min(180, up(e)), Math.min(90, up(n))];
  const max = SEARCH_LIMITS.bboxMaxDegrees;
  return snapped[2] - snapped[0] <= max && snapped[3] - snapped[1] <= max ? snapped : b;
}
