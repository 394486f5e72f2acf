import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageRoutes } from './route-preloads';

describe('pageRoutes', () => {
  it('reads index and path routes with the module each loads', () => {
    const source = `
      { index: true, lazy: page(() => import('../features/home/home-page')) },
      { path: 'parking/:parking_id', lazy: page(() => import('../features/listings/listing-page')) },
      { path: 'chats', lazy: planned },`;
    expect(pageRoutes(source)).toEqual([
      { path: '/', module: '../features/home/home-page' },
      { path: '/parking/:parking_id', module: '../features/listings/listing-page' },
    ]);
  });

  it('finds the screens people land on in the real router', () => {
    const paths = pageRoutes(readFileSync(new URL('./src/app/router.tsx', import.meta.url), 'utf8')).map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/', '/parking', '/parking/:parking_id', '/parking_type', '/Favorater', '/login']));
  });
});
