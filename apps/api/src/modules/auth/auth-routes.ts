import type { FastifyInstance } from 'fastify';
import { createMessenger } from '../messaging/messenger';
import { registerEmailVerificationRoutes } from './email-verification-routes';
import { registerPasswordResetRoutes } from './password-reset-routes';
import { withZod } from './route-types';
import { registerSessionRoutes } from './session-routes';
import { registerSignupRoutes } from './signup-routes';

/** Sign-up, OTP, login, session, password reset and e-mail proof routes (accounts-orders.md, DECISIONS.md §3–§4). */
export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withZod(fastify);
  const messenger = createMessenger(fastify.db, fastify.config);
  registerSignupRoutes(app, messenger);
  registerSessionRoutes(app);
  registerPasswordResetRoutes(app, messenger);
  registerEmailVerificationRoutes(app, messenger);
}
