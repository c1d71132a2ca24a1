import type { FastifyInstance } from 'fastify';
import { createMessenger } from '../messaging/messenger';
import { registerPasswordResetRoutes } from './password-reset-routes';
import { withZod } from './route-types';
import { registerSessionRoutes } from './session-routes';
import { registerSignupRoutes } from './signup-routes';

/** Sign-up, OTP, login, session and password reset routes (accounts-orders.md, DECISIONS.md §3–§4). */
export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withZod(fastify);
  const messenger = createMessenger(fastify.db, fastify.config);
  registerSignupRoutes(app, messenger);
  registerSessionRoutes(app);
  registerPasswordResetRoutes(app, messenger);
}
