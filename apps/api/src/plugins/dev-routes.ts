import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { ForbiddenError } from '../lib/errors';
import { fromThisMachine } from '../lib/this-machine';
import { outboxRoutes } from '../modules/messaging/outbox-routes';
import { devOrderRoutes } from '../modules/orders/dev-order-routes';
import { walletSimulatorRoutes } from '../modules/wallet-simulators/simulator-routes';

/** Paths reserved for development tools: nothing may answer on them in production. */
export const DEV_PATH = /^\/(api\/)?dev(\/|$)/;

/** The answer (403) to a development route asked from another machine (docs/decisions/039). */
export const DEV_ROUTES_LOCAL_ONLY =
  'Development routes answer only requests from the machine the shop runs on (localhost).';

/** What the start message says about them (server.ts). */
export const DEV_ROUTES_NOTICE =
  'Development routes (/api/dev/…, which the /dev/outbox page reads) answer only this machine';

/**
 * Routes that read every customer's messages or move any order: the developer's, not the
 * network's, even when `npm start` listens on every interface.
 */
async function localDevRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    if (!fromThisMachine(request)) throw new ForbiddenError(DEV_ROUTES_LOCAL_ONLY);
  });
  await app.register(outboxRoutes);
  await app.register(devOrderRoutes);
}

/**
 * The one home of development-only routes (the message outbox, wallet simulators, …). It is
 * registered only outside production, so none of them exists there. To add one, register it
 * in localDevRoutes (under `/api/dev/…`: this machine only) or, if a shopper's browser on another
 * machine must reach it, here under `/dev/…`; a production start refuses any route on those paths
 * that was registered elsewhere (see forbidDevRoutesInProduction).
 */
export async function devRoutes(app: FastifyInstance): Promise<void> {
  await app.register(localDevRoutes, { prefix: '/api/dev' });
  // The wallet simulators stay reachable: checkout sends the shopper's browser to them (at
  // PUBLIC_URL) and the server calls Khalti's there; each payment is named by an unguessable
  // reference and moves no money (docs/decisions/039).
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
