import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../../app/lazy-route';

/** /admin/support (the inbox) and /admin/support/:kind/:id (one message and its reply). */
export const supportRoutes: RouteObject[] = [
  { path: 'support', lazy: lazyRoute(() => import('./admin-support-page')) },
  { path: 'support/:kind/:id', lazy: lazyRoute(() => import('./admin-support-message-page')) },
];
