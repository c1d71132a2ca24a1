import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { adminInvoiceRoutes } from '../invoices/admin-invoice-routes';
import { auditRoutes } from './audit/audit-routes';
import { bannerRoutes } from './banners/banner-routes';
import { catalogueCsvRoutes } from './catalogue-csv/catalogue-csv-routes';
import { categoryRoutes } from './categories/category-routes';
import { customerRoutes } from './customers/customer-routes';
import { dashboardRoutes } from './dashboard/dashboard-routes';
import { flashSaleRoutes } from './flash-sales/flash-sale-routes';
import { lowStockRoutes } from './low-stock/low-stock-routes';
import { orderRoutes } from './orders/order-routes';
import { productRoutes } from './products/product-routes';
import { reportRoutes } from './reports/report-routes';
import { riderAdminRoutes } from './riders/rider-admin-routes';
import { synonymRoutes } from './search-synonyms/synonym-routes';
import { requireStaff } from './staff-guard';
import { stationRoutes } from './stations/station-routes';
import { voucherRoutes } from './vouchers/voucher-routes';

/**
 * The shop console's API, mounted at /api/admin: staff only. Every route of every resource plugin
 * registered here inherits the two onRequest hooks, so a visitor gets 401 and a customer 403 before
 * any body is read; a new resource is one more register() line.
 */
export async function adminRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onRequest', fastify.authenticate);
  fastify.addHook('onRequest', requireStaff);
  // Uploads (product, category and banner pictures); each route sets its own size limit.
  await fastify.register(fastifyMultipart);
  // Changes are committed before the answer is sent; a cached catalogue answer on this instance
  // is dropped at once (other instances follow within the cache's freshness bound).
  fastify.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 400) {
      fastify.catalogueCache.clear();
    }
  });

  await fastify.register(dashboardRoutes);
  await fastify.register(reportRoutes);
  await fastify.register(productRoutes);
  await fastify.register(catalogueCsvRoutes);
  await fastify.register(lowStockRoutes);
  await fastify.register(categoryRoutes);
  await fastify.register(bannerRoutes);
  await fastify.register(flashSaleRoutes);
  await fastify.register(voucherRoutes);
  await fastify.register(stationRoutes);
  await fastify.register(orderRoutes);
  await fastify.register(adminInvoiceRoutes);
  await fastify.register(customerRoutes);
  await fastify.register(riderAdminRoutes);
  await fastify.register(synonymRoutes);
  await fastify.register(auditRoutes);
}
