import type { RouteObject } from 'react-router';
import { lazyElement } from '../admin/lazy-element';

// The console's catalogue screens, relative to /admin; each is its own chunk, loaded when opened.
export const adminCatalogRoutes: RouteObject[] = [
  {
    path: 'products',
    element: lazyElement(
      () => import('./products-page'),
      (m) => m.ProductsPage,
    ),
  },
  {
    path: 'products/:id',
    element: lazyElement(
      () => import('./product-page'),
      (m) => m.ProductPage,
    ),
  },
  {
    path: 'low-stock',
    element: lazyElement(
      () => import('./low-stock-page'),
      (m) => m.LowStockPage,
    ),
  },
  {
    path: 'categories',
    element: lazyElement(
      () => import('./categories-page'),
      (m) => m.CategoriesPage,
    ),
  },
  {
    path: 'banners',
    element: lazyElement(
      () => import('./banners-page'),
      (m) => m.BannersPage,
    ),
  },
  {
    path: 'flash-sales',
    element: lazyElement(
      () => import('./flash-sales-page'),
      (m) => m.FlashSalesPage,
    ),
  },
  {
    path: 'vouchers',
    element: lazyElement(
      () => import('./vouchers-page'),
      (m) => m.VouchersPage,
    ),
  },
  {
    path: 'stations',
    element: lazyElement(
      () => import('./stations-page'),
      (m) => m.StationsPage,
    ),
  },
  {
    path: 'search-synonyms',
    element: lazyElement(
      () => import('./synonyms-page'),
      (m) => m.SynonymsPage,
    ),
  },
];
