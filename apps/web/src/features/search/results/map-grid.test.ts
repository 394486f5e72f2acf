import { describe, expect, it } from 'vitest';
import { gridStep, snapBbox, type Bbox } from './map-grid';

const inside = (view: Bbox, box: Bbox) => box[0] <= view[0] && box[1] <= view[1] && box[2] >= view[2] && box[3] >= view[3];

describe('snapBbox', () => {
  it('grows a view outward to the half-tile grid of its zoom, so it always holds the view', () => {
    // zoom 12: a tile is 360 / 4096 degrees, the step half of that
    expect(gridStep(12)).toBeCloseTo(360 / 8192, 12);
    const view: Bbox = [77.5512, 12.9401, 77.6389, 13.0122];
    const box = snapBbox(view, 12);
    expect(inside(view, box)).toBe(true);
    const step = gridStep(12);
    for (const edge of box) expect(Math.abs(edge / step - Math.round(edge / step))).toBeLessThan(1e-3);
    // never more than a step past any edge
    expect(view[0] - box[0]).toBeLessThan(step);
    expect(box[3] - view[3]).toBeLessThan(step);
  });

  it('gives nearby views at the same zoom the same box, and another zoom another grid', () => {
    const a = snapBbox([77.5512, 12.9401, 77.6389, 13.0122], 12);
    const b = snapBbox([77.5531, 12.9433, 77.6401, 13.0101], 12);
    expect(b).toEqual(a);
    expect(snapBbox([77.5512, 12.9401, 77.6389, 13.0122], 14)).not.toEqual(a);
  });

  it('keeps an edge already on the grid and stays inside the world', () => {
    const step = gridStep(10);
    const onGrid: Bbox = [step * 100, step * 30, step * 104, step * 33];
    expect(snapBbox(onGrid, 10)).toEqual(onGrid.map((v) => Math.round(v * 1e5) / 1e5));
    expect(snapBbox([-179.99, -89.99, -179.5, -89.5], 8)).toEqual([-180, -90, expect.any(Number), expect.any(Number)]);
    const east = snapBbox([179.5, 89.5, 179.99, 89.99], 8);
    expect([east[2], east[3]]).toEqual([180, 90]);
  });

  it('asks for the view as it is when the grown box would be too large for the API to search', () => {
    // 1.45 degrees wide at zoom 7 (a step of about 1.4 degrees) would grow past 1.5
    const wide: Bbox = [77.01, 12.21, 78.46, 13.1];
    expect(snapBbox(wide, 7)).toEqual(wide);
  });
});
