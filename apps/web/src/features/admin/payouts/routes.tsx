import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../../app/lazy-route';

/** /admin/payouts: hosts' payout requests, marked paid (with the bank reference) or failed. */
export const payoutsRoutes: RouteObject[] = [{ path: 'payouts', lazy: lazyRoute(() => import('./admin-payouts-page')) }];
