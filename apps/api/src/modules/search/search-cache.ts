/**
 * Answers of searches without a time window, kept in this process while nothing they read has changed
 * (docs/decisions/019-search-cache.md). Each answer is stored with the search version read before its
 * search ran (search_version, moved on by every committed write to listings, their photos or a host's
 * deletion, in the writing transaction) and served only while that is still the version: a write on any
 * instance is seen by the next search everywhere, and a search that started before a write can never
 * store what it read as the answer after it. A search with a window reads bookings and the clock, so it
 * is never cached. Bounded in entries and bytes (least recently used go first), with a short lifetime
 * as a backstop.
 */
import { LRUCache } from 'lru-cache';
import type { SearchQuery } from '@parkly/shared/search';

export interface SearchCacheOptions {
  /** answers kept at most */
  maxEntries: number;
  /** serialized bytes kept at most */
  maxBytes: number;
  /** an answer is dropped this long after it was stored, whatever the version */
  ttlMs: number;
}

export const SEARCH_CACHE_DEFAULTS: SearchCacheOptions = { maxEntries: 5_000, maxBytes: 32 * 1024 * 1024, ttlMs: 30_000 };

interface Entry {
  version: bigint;
  body: string;
}

/** The cache key of a search, or null when it must not be cached (it has a time window). */
export function searchCacheKey(q: SearchQuery): string | null {
  if (q.start !== undefined || q.end !== undefined) return null;
  const sorted = (list: readonly string[] | undefined) => (list?.length ? [...list].sort() : null);
  const b = q.bbox;
  return JSON.stringify([
    q.lat ?? null,
    q.lng ?? null,
    q.radius_km ?? null,
    b ? [b.minLng, b.minLat, b.maxLng, b.maxLat] : null,
    sorted(q.parking_type),
    q.vehicle_type ?? null,
    sorted(q.amenities),
    q.min_price ?? null,
    q.max_price ?? null,
    q.instant_book ?? null,
    q.min_rating ?? null,
    q.q || null,
    q.sort,
    q.limit,
    q.cursor ?? null,
  ]);
}

export class SearchCache {
  private readonly entries: LRUCache<string, Entry>;
  hits = 0;
  misses = 0;

  constructor(options: SearchCacheOptions = SEARCH_CACHE_DEFAULTS) {
    this.entries = new LRUCache<string, Entry>({
      max: options.maxEntries,
      maxSize: options.maxBytes,
      sizeCalculation: (e, key) => e.body.length + key.length,
      ttl: options.ttlMs,
    });
  }

  /** The answer stored under key for this version, if any. */
  get(key: string, version: bigint): string | undefined {
    const entry = this.entries.get(key);
    if (entry?.version === version) {
      this.hits += 1;
      return entry.body;
    }
    this.misses += 1;
    return undefined;
  }

  /** Stores the answer a search computed after reading `version`; never replaces an answer of a later version. */
  set(key: string, version: bigint, body: string) {
    const held = this.entries.peek(key);
    if (held && held.version > version) return;
    this.entries.set(key, { version, body });
  }

  get size() {
    return this.entries.size;
  }

  clear() {
    this.entries.clear();
  }
}

/**
 * One read shared by the searches that arrive in the same turn of the event loop: it is sent once all of
 * them have arrived (setImmediate), so what it answers is no older than any of them; a search arriving
 * after it was sent waits for the next one. Under load this saves most of the version reads.
 */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= new Promise<T>((resolve, reject) => {
      setImmediate(() => {
        pending = null;
        read().then(resolve, reject);
      });
    }));
}
