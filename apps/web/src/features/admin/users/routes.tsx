import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../../app/lazy-route';

/** /admin/users (search) and /admin/users/:id (one account). */
export const usersRoutes: RouteObject[] = [
  { path: 'users', lazy: lazyRoute(() => import('./admin-users-page')) },
  { path: 'users/:id', lazy: lazyRoute(() => import('./admin-user-page')) },
];
