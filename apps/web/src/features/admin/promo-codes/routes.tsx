import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../../app/lazy-route';

/** /admin/promo-codes: promotion codes, created and deactivated (decision 036). */
export const promoCodesRoutes: RouteObject[] = [{ path: 'promo-codes', lazy: lazyRoute(() => import('./admin-promo-codes-page')) }];
