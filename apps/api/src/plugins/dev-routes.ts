import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { outboxRoutes } from '../modules/messaging/outbox-routes';
import { devOrderRoutes } from '../modules/orders/dev-order-routes';
import { walletSimulatorRoutes } from '../modules/wallet-simulators/simulator-routes';

/** Paths reserved for development tools: nothing may answer on them in production. */
export const DEV_PATH = /^\/(api\/)?dev(\/|$)/;

/**
 * The one home of development-only routes (the message outbox, wallet simulators, …). It is
 * registered only outside production, so none of them exists there. To add one, register it
 * here under `/api/dev/…` or `/dev/…`; a production start refuses any route on those paths that
 * was registered elsewhere (see forbidDevRoutesInProduction).
 */
export async function devRoutes(app: FastifyInstance): Promise<void> {
  await app.register(outboxRoutes, { prefix: '/api/dev' });
  await app.register(devOrderRoutes, { prefix: '/api/dev' });
  await app.register(walletSimulatorRoutes, { prefix: '/dev' });
}

/**
 * In production, any route on a dev path is an error at start. Installed before every route
 * (an onRoute hook sees only the routes registered after it).
 */
export function forbidDevRoutesInProduction(app: FastifyInstance, config: AppConfig): void {
  if (config.env !== 'production') return;
  app.addHook('onRoute', (route) => {
    if (DEV_PATH.test(route.url)) {
      throw new Error(`Development route ${route.method} ${route.url} must not exist in production`);
    }
  });
}

/** The dev routes, outside production only. */
export async function registerDevRoutes(app: FastifyInstance, config: AppConfig): Promise<void> {
  if (config.env !== 'production') await app.register(devRoutes);
}
