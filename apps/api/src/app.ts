import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { addressesRoutes } from './modules/addresses/addresses-routes';
import { adminRoutes } from './modules/admin/admin-routes';
import { authRoutes } from './modules/auth/auth-routes';
import { backInStockRoutes } from './modules/back-in-stock/back-in-stock-routes';
import { cartRoutes } from './modules/cart/cart-routes';
import { catalogueRoutes } from './modules/catalogue/catalogue-routes';
import { homeHead } from './modules/catalogue/home-head';
import { categoryHead, searchHead } from './modules/catalogue/list-head';
import { productHead } from './modules/catalogue/product-head';
import { checkoutRoutes } from './modules/checkout/checkout-routes';
import { deliveryRoutes } from './modules/delivery/delivery-routes';
import { healthRoutes } from './modules/health/health-routes';
import { invoiceRoutes } from './modules/invoices/invoice-routes';
import { locationsRoutes } from './modules/locations/locations-routes';
import { ordersRoutes } from './modules/orders/orders-routes';
import { paymentsRoutes } from './modules/payments/payments-routes';
import { profileRoutes } from './modules/profile/profile-routes';
import { reviewsRoutes } from './modules/reviews/reviews-routes';
import { riderRoutes } from './modules/riders/rider-routes';
import { voucherRoutes } from './modules/vouchers/voucher-routes';
import { wishlistRoutes } from './modules/wishlist/wishlist-routes';
import { registerAuthenticate } from './plugins/authenticate';
import { registerCacheControl } from './plugins/cache-control';
import { registerCatalogueCache } from './plugins/catalogue-cache';
import { forbidDevRoutesInProduction, registerDevRoutes } from './plugins/dev-routes';
import { registerErrorHandler } from './plugins/error-handler';
import { registerMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { registerRequestIdHeader, requestId } from './plugins/request-id';
import { RequestLogController } from './plugins/request-log';
import { registerSecurityHeaders } from './plugins/security-headers';
import { serverTimeouts } from './plugins/server-timeouts';
import { registerStaticFiles } from './plugins/static-files';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
  }
}

export const API_ROOT = '/api/ecommerce';
/** The shop console's API: staff only (docs/decisions/014). */
export const ADMIN_ROOT = '/api/admin';
export const RIDER_ROOT = '/api/rider';

export interface BuildAppOptions {
  config: AppConfig;
  db: Db;
  /** Runs when the app closes (the server passes the database's close). */
  onClose?: () => Promise<void>;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
}

// A hop count trusts that many proxies nearest to the server (what proxy-addr does for a number).
function trustProxyOption(value: AppConfig['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

export async function buildApp({
  config,
  db,
  onClose,
  logStream,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'],
      stream: logStream,
      // Readable lines for someone watching a terminal; JSON for log collectors everywhere else.
      transport:
        config.env !== 'production' && process.stdout.isTTY && !logStream
          ? { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } }
          : undefined,
    },
    // Slow requests and errors, not a line per request (every line at LOG_LEVEL=debug).
    logController: new RequestLogController(config.slowRequestMs),
    // Every request's log lines carry its id (reqId), which is also the X-Request-Id answered.
    genReqId: requestId,
    requestIdHeader: false,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1_048_576,
    // A body that does not arrive in time gets a 408 and the connection closes.
    ...serverTimeouts(config),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Malformed URLs (bad percent-encoding) get the same error shape as everything else.
    frameworkErrors: (error, _request, reply) => {
      (reply as FastifyReply).code(400).send({ message: `Bad request: ${error.message}` });
    },
  });
  app.decorate('db', db);
  app.decorate('config', config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestIdHeader(app);
  registerErrorHandler(app);
  registerAuthenticate(app);
  registerCatalogueCache(app, config);
  registerMetrics(app, config);
  if (onClose) app.addHook('onClose', async () => onClose());

  // Before any route, so that it sees every registration.
  forbidDevRoutesInProduction(app, config);
  registerSecurityHeaders(app, config);
  registerCacheControl(app);
  // Catalogue JSON and the storefront's scripts shrink several times; images are already compressed.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Brotli's default (11) is for build time; 4 is as fast as gzip and still smaller.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await registerOpenApi(app);

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(catalogueRoutes, { prefix: API_ROOT });
  await app.register(authRoutes, { prefix: API_ROOT });
  await app.register(profileRoutes, { prefix: API_ROOT });
  await app.register(cartRoutes, { prefix: API_ROOT });
  await app.register(voucherRoutes, { prefix: API_ROOT });
  await app.register(wishlistRoutes, { prefix: API_ROOT });
  await app.register(backInStockRoutes, { prefix: API_ROOT });
  await app.register(locationsRoutes, { prefix: API_ROOT });
  await app.register(addressesRoutes, { prefix: API_ROOT });
  await app.register(deliveryRoutes, { prefix: API_ROOT });
  await app.register(paymentsRoutes, { prefix: API_ROOT });
  await app.register(checkoutRoutes, { prefix: API_ROOT });
  await app.register(ordersRoutes, { prefix: API_ROOT });
  await app.register(invoiceRoutes, { prefix: API_ROOT });
  await app.register(reviewsRoutes, { prefix: API_ROOT });
  await app.register(adminRoutes, { prefix: ADMIN_ROOT });
  await app.register(riderRoutes, { prefix: RIDER_ROOT });
  // Every development-only route (outbox, wallet simulators) lives in plugins/dev-routes.ts.
  await registerDevRoutes(app, config);

  // The home page's document carries its banners (decision 032), a product page's its product (063),
  // a category's or a search's its first cards' pictures (072).
  await registerStaticFiles(app, config, {
    homeHead: () => homeHead(app, API_ROOT),
    productHead: (slug) => productHead(app, API_ROOT, slug),
    categoryHead: (id, query) => categoryHead(app, API_ROOT, id, query),
    searchHead: (query) => searchHead(app, API_ROOT, query),
  });
  return app;
}
