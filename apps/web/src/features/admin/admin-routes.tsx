import type { RouteObject } from 'react-router';
import { adminCatalogRoutes } from '../admin-catalog/admin-catalog-routes';
import { AdminLayout, AdminNotFound } from './admin-layout';
import { lazyElement } from './lazy-element';

/**
 * The console's route tree under /admin (paths relative to it). It lives in the console's own chunk:
 * the app's router knows only `admin/*` and loads this file when the console opens.
 */
export const adminRoutes: RouteObject[] = [
  {
    element: <AdminLayout />,
    children: [
      {
        index: true,
        element: lazyElement(
          () => import('./dashboard/dashboard-page'),
          (m) => m.DashboardPage,
        ),
      },
      ...adminCatalogRoutes,
      { path: '*', element: <AdminNotFound /> },
    ],
  },
];
