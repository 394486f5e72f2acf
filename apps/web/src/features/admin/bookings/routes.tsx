import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../../app/lazy-route';

/** /admin/bookings (search) and /admin/bookings/:id (a booking's history, refunds). */
export const bookingsRoutes: RouteObject[] = [
  { path: 'bookings', lazy: lazyRoute(() => import('./admin-bookings-page')) },
  { path: 'bookings/:id', lazy: lazyRoute(() => import('./admin-booking-page')) },
];
