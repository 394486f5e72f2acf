import { CHUNK_LOAD_TIMEOUT_MS } from '@parkly/shared/constants';
import type { ComponentType } from 'react';

/**
 * A route module loaded on demand. Loading gives up after 120 s (SPEC section 9) and the error screen
 * offers a retry instead of hanging on a spinner.
 */
export function lazyRoute(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError()), CHUNK_LOAD_TIMEOUT_MS);
    });
    try {
      const mod = await Promise.race([load(), timeout]);
      return { Component: mod.default };
    } catch (err) {
      throw err instanceof ChunkLoadError ? err : new ChunkLoadError();
    } finally {
      clearTimeout(timer);
    }
  };
}

export class ChunkLoadError extends Error {
  constructor() {
    super('This page could not be loaded.');
    this.name = 'ChunkLoadError';
  }
}
