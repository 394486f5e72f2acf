import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../../app/lazy-route';

/** /admin/audit: the searchable log of admin actions. */
export const auditRoutes: RouteObject[] = [{ path: 'audit', lazy: lazyRoute(() => import('./admin-audit-page')) }];
