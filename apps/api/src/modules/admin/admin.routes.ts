import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { auditRoutes } from './audit/audit.routes';
import { adminBookingsRoutes } from './bookings/admin-bookings.routes';
import { adminContentRoutes } from './content/admin-content.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { adminListingsRoutes } from './listings/admin-listings.routes';
import { operationsRoutes } from './operations/operations.routes';
import { adminPayoutsRoutes } from './payouts/admin-payouts.routes';
import { adminPromoCodesRoutes } from '../promo-codes/promo-codes.routes';
import { adminSupportRoutes } from './support/admin-support.routes';
import { adminUsersRoutes } from './users/admin-users.routes';
import { verificationRoutes } from './verification/verification.routes';

/**
 * The admin console's API, everything under `admin/`. One gate for all of it: the hook runs before
 * any admin route (and before the catch-all), so a guest or host gets 403 and a caller without a token
 * 401 whatever the path, including paths no route has yet (DESIGN: `GET admin/*` is 403 for anyone but
 * an admin).
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  await app.register(dashboardRoutes);
  await app.register(operationsRoutes);
  await app.register(auditRoutes);
  await app.register(adminUsersRoutes);
  await app.register(verificationRoutes);
  await app.register(adminListingsRoutes);
  await app.register(adminBookingsRoutes);
  await app.register(adminContentRoutes);
  await app.register(adminSupportRoutes);
  await app.register(adminPayoutsRoutes);
  await app.register(adminPromoCodesRoutes);

  // an admin asking for something that does not exist gets the API's JSON 404
  const unknown = async () => {
    throw notFound();
  };
  app.all('/', { schema: { hide: true } }, unknown);
  app.all('/*', { schema: { hide: true } }, unknown);
};
