import type { RouteObject } from 'react-router';

// Owned by the console-catalog work (products, categories, banners, flash sales, vouchers,
// stations). Paths are relative to /admin; the console shell spreads these into its tree.
export const adminCatalogRoutes: RouteObject[] = [];
