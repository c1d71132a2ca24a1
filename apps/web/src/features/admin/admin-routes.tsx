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
      {
        path: 'orders',
        element: lazyElement(
          () => import('./orders/orders-page'),
          (m) => m.OrdersPage,
        ),
      },
      {
        path: 'orders/:orderId',
        element: lazyElement(
          () => import('./orders/order-detail-page'),
          (m) => m.OrderDetailPage,
        ),
      },
      {
        path: 'orders/:orderId/slip',
        element: lazyElement(
          () => import('./orders/packing-slip-page'),
          (m) => m.PackingSlipPage,
        ),
      },
      {
        path: 'orders/:orderId/invoice',
        element: lazyElement(
          () => import('./vat/invoice-page'),
          (m) => m.AdminInvoicePage,
        ),
      },
      {
        path: 'rider-cash',
        element: lazyElement(
          () => import('./riders/rider-cash-page'),
          (m) => m.RiderCashPage,
        ),
      },
      {
        path: 'customers',
        element: lazyElement(
          () => import('./customers/customers-page'),
          (m) => m.CustomersPage,
        ),
      },
      {
        path: 'customers/:customerId',
        element: lazyElement(
          () => import('./customers/customer-detail-page'),
          (m) => m.CustomerDetailPage,
        ),
      },
      {
        path: 'audit',
        element: lazyElement(
          () => import('./audit/audit-page'),
          (m) => m.AuditPage,
        ),
      },
      {
        path: 'vat',
        element: lazyElement(
          () => import('./vat/vat-page'),
          (m) => m.VatPage,
        ),
      },
      ...adminCatalogRoutes,
      { path: '*', element: <AdminNotFound /> },
    ],
  },
];
