import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../../app/lazy-route';

/** /admin/listings (search and filters) and /admin/listings/:id (one listing, its reports, moderation). */
export const listingsRoutes: RouteObject[] = [
  { path: 'listings', lazy: lazyRoute(() => import('./admin-listings-page')) },
  { path: 'listings/:id', lazy: lazyRoute(() => import('./admin-listing-page')) },
];
