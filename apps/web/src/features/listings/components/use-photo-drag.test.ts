import { describe, expect, it } from 'vitest';
import { stepped } from './use-photo-drag';

describe('stepped', () => {
  const ids = ['cover', 'a', 'b', 'c'];

  it('moves a photo one place earlier or later', () => {
    expect(stepped(ids, 'b', -1)).toEqual(['cover', 'b', 'a', 'c']);
    expect(stepped(ids, 'b', 1)).toEqual(['cover', 'a', 'c', 'b']);
  });

  it('leaves the order alone at either end', () => {
    expect(stepped(ids, 'c', 1)).toBe(ids);
    expect(stepped(ids, 'cover', -1)).toBe(ids);
  });

  it('never moves a photo before the pinned cover, nor the cover itself', () => {
    expect(stepped(ids, 'a', -1, 'cover')).toBe(ids);
    expect(stepped(ids, 'cover', 1, 'cover')).toBe(ids);
  });
});
