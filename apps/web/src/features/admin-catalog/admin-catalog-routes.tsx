import type { RouteObject } from 'react-router';

// The console's catalogue screens, relative to /admin; each is loaded when first opened.
const page = <M,>(load: () => Promise<M>, pick: (m: M) => React.ComponentType) => ({
  lazy: async () => ({ Component: pick(await load()) }),
});

export const adminCatalogRoutes: RouteObject[] = [
  {
    path: 'products',
    ...page(
      () => import('./products-page'),
      (m) => m.ProductsPage,
    ),
  },
  {
    path: 'products/:id',
    ...page(
      () => import('./product-page'),
      (m) => m.ProductPage,
    ),
  },
  {
    path: 'categories',
    ...page(
      () => import('./categories-page'),
      (m) => m.CategoriesPage,
    ),
  },
  {
    path: 'banners',
    ...page(
      () => import('./banners-page'),
      (m) => m.BannersPage,
    ),
  },
  {
    path: 'flash-sales',
    ...page(
      () => import('./flash-sales-page'),
      (m) => m.FlashSalesPage,
    ),
  },
  {
    path: 'vouchers',
    ...page(
      () => import('./vouchers-page'),
      (m) => m.VouchersPage,
    ),
  },
  {
    path: 'stations',
    ...page(
      () => import('./stations-page'),
      (m) => m.StationsPage,
    ),
  },
];
