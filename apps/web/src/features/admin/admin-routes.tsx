import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../app/lazy-route';
import { AppRoutes } from '../../app/route-modules';
import { auditRoutes } from './audit/routes';
import { bookingsRoutes } from './bookings/routes';
import { contentRoutes } from './content/routes';
import { listingsRoutes } from './listings/routes';
import { payoutsRoutes } from './payouts/routes';
import { promoCodesRoutes } from './promo-codes/routes';
import { supportRoutes } from './support/routes';
import { usersRoutes } from './users/routes';
import { verificationRoutes } from './verification/routes';

const page = lazyRoute;

/**
 * /admin and its screens, inside the console's own frame (admin-layout.tsx); each area lists its own. The
 * table is loaded with the console (router.tsx routes /admin/* here), so no visitor's first load carries it.
 */
const adminRoutes: RouteObject[] = [
  {
    lazy: page(() => import('./admin-layout')),
    children: [
      { index: true, lazy: page(() => import('./dashboard/admin-dashboard-page')) },
      { path: 'operations', lazy: page(() => import('./operations/operations-page')) },
      ...usersRoutes,
      ...verificationRoutes,
      ...listingsRoutes,
      ...bookingsRoutes,
      ...payoutsRoutes,
      ...promoCodesRoutes,
      ...supportRoutes,
      ...contentRoutes,
      ...auditRoutes,
      { path: '*', lazy: page(() => import('./admin-not-found-page')) },
    ],
  },
];

export default function AdminConsole() {
  return <AppRoutes routes={adminRoutes} />;
}
