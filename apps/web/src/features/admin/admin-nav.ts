/** The console's navigation: paths under /admin, in the order the menu shows them. */
export const ADMIN_NAV: { group: string; links: { to: string; label: string }[] }[] = [
  {
    group: 'Shop',
    links: [
      { to: '/admin', label: 'Dashboard' },
      { to: '/admin/orders', label: 'Orders' },
      { to: '/admin/customers', label: 'Customers' },
      { to: '/admin/rider-cash', label: 'Riders’ cash' },
      { to: '/admin/vat', label: 'VAT and invoices' },
      { to: '/admin/audit', label: 'Audit log' },
    ],
  },
  {
    group: 'Catalogue',
    links: [
      { to: '/admin/products', label: 'Products' },
      { to: '/admin/low-stock', label: 'Low stock' },
      { to: '/admin/categories', label: 'Categories' },
      { to: '/admin/banners', label: 'Banners' },
      { to: '/admin/flash-sales', label: 'Flash sales' },
      { to: '/admin/vouchers', label: 'Vouchers' },
      { to: '/admin/stations', label: 'Stations' },
      { to: '/admin/search-synonyms', label: 'Search synonyms' },
    ],
  },
];
