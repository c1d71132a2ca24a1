import type { FastifyInstance } from 'fastify';
import { esewaSimulatorRoutes } from './esewa-simulator-routes';
import { khaltiRefundSimulatorRoutes } from './khalti-refund-simulator-routes';
import { khaltiSimulatorRoutes } from './khalti-simulator-routes';

/**
 * The local wallet simulators, registered only outside production: /dev/esewa/… and
 * /dev/khalti/…. They read wallet forms as application/x-www-form-urlencoded, like the wallets.
 */
export async function walletSimulatorRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 65_536 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  await fastify.register(esewaSimulatorRoutes, { prefix: '/esewa' });
  await fastify.register(khaltiSimulatorRoutes, { prefix: '/khalti' });
  await fastify.register(khaltiRefundSimulatorRoutes, { prefix: '/khalti' });
}
