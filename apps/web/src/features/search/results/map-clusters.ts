/** A result as the map needs it. */
export interface MapPoint {
  id: string;
  lat: number;
  lng: number;
}

export type MapGroup<T extends MapPoint> =
  | { kind: 'one'; point: T }
  | { kind: 'many'; key: string; points: T[]; lat: number; lng: number; bounds: [[number, number], [number, number]] };

/** Price pills are about this wide: two closer than a cell share a cluster. */
export const CLUSTER_CELL_PX = 72;

/**
 * Groups points that would overlap on screen: each point falls in a square cell of the map's pixel
 * grid at the current zoom, and a cell with more than one point becomes a cluster at their middle.
 * A grid is cruder than distance-based clustering but linear and dependency-free, which is plenty for
 * a page of at most a few hundred results.
 */
export function clusterPoints<T extends MapPoint>(points: T[], project: (lat: number, lng: number) => { x: number; y: number }, cell = CLUSTER_CELL_PX): MapGroup<T>[] {
  const cells = new Map<string, T[]>();
  for (const p of points) {
    const { x, y } = project(p.lat, p.lng);
    const key = `${Math.floor(x / cell)}:${Math.floor(y / cell)}`;
    const list = cells.get(key);
    if (list) list.push(p);
    else cells.set(key, [p]);
  }
  return [...cells.entries()].map(([key, list]): MapGroup<T> => {
    if (list.length === 1) return { kind: 'one', point: list[0]! };
    const lats = list.map((p) => p.lat);
    const lngs = list.map((p) => p.lng);
    return {
      kind: 'many',
      key,
      points: list,
      lat: lats.reduce((a, b) => a + b, 0) / list.length,
      lng: lngs.reduce((a, b) => a + b, 0) / list.length,
      bounds: [
        [Math.min(...lats), Math.min(...lngs)],
        [Math.max(...lats), Math.max(...lngs)],
      ],
    };
  });
}
