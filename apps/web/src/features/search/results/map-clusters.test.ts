import { describe, expect, it } from 'vitest';
import { clusterPoints } from './map-clusters';

// a flat projection: one degree is 1000 px
const project = (lat: number, lng: number) => ({ x: lng * 1000, y: -lat * 1000 });

describe('clusterPoints', () => {
  it('keeps points far apart on their own', () => {
    const groups = clusterPoints(
      [
        { id: 'a', lat: 1, lng: 1 },
        { id: 'b', lat: 1, lng: 2 },
      ],
      project,
    );
    expect(groups.map((g) => g.kind)).toEqual(['one', 'one']);
  });

  it('joins points in the same cell into one cluster at their middle', () => {
    const groups = clusterPoints(
      [
        { id: 'a', lat: 1.001, lng: 1.001 },
        { id: 'b', lat: 1.003, lng: 1.005 },
        { id: 'c', lat: 5, lng: 5 },
      ],
      project,
    );
    expect(groups).toHaveLength(2);
    const many = groups.find((g) => g.kind === 'many');
    expect(many?.kind === 'many' && many.points.map((p) => p.id)).toEqual(['a', 'b']);
    expect(many?.kind === 'many' && many.lat).toBeCloseTo(1.002);
    expect(many?.kind === 'many' && many.bounds).toEqual([
      [1.001, 1.001],
      [1.003, 1.005],
    ]);
  });
});
