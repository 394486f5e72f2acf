import { Navigate, type RouteObject } from 'react-router';
import { lazyRoute } from '../../app/lazy-route';
import { AppRoutes } from '../../app/route-modules';

const page = lazyRoute;

/**
 * /gate and /gate/accounts inside the gate's frame (decision 034). The table comes with the gate's code
 * (router.tsx routes /gate/* here), so no visitor's first load carries it.
 */
const gateRoutes: RouteObject[] = [
  {
    lazy: page(() => import('./gate-frame')),
    children: [
      { index: true, lazy: page(() => import('./gate-page')) },
      { path: 'accounts', lazy: page(() => import('./gate-accounts-page')) },
      { path: '*', element: <Navigate to="/gate" replace /> },
    ],
  },
];

export default function GateScreens() {
  return <AppRoutes routes={gateRoutes} />;
}
