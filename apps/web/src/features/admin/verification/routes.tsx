import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../../app/lazy-route';

/** /admin/verification (the queue of government IDs) and /admin/verification/:id (one document, to review). */
export const verificationRoutes: RouteObject[] = [
  { path: 'verification', lazy: lazyRoute(() => import('./admin-verification-page')) },
  { path: 'verification/:id', lazy: lazyRoute(() => import('./admin-id-review-page')) },
];
