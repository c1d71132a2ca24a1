import {
  loginRequest,
  loginResponse,
  messageBody,
  refreshRequest,
  refreshResponse,
} from '@pasal/contract/auth';
import { login } from './login-service';
import { authErrors, tags, type ZodApp } from './route-types';
import { logout, rotateRefreshToken } from './session-service';

export function registerSessionRoutes(app: ZodApp): void {
  const { db, config } = app;

  app.post(
    '/login/',
    { schema: { tags, body: loginRequest, response: { 200: loginResponse, ...authErrors } } },
    async (request) => {
      const { userId, tokens } = await login(db, config.jwtSecret, {
        identifier: request.body.phone_or_email,
        password: request.body.password,
        clientIp: request.ip,
      });
      return {
        access_token: tokens.access,
        refresh_token: tokens.refresh,
        user_id: String(userId),
        message: 'Login Successful' as const,
      };
    },
  );

  app.post(
    '/token/refresh/',
    { schema: { tags, body: refreshRequest, response: { 200: refreshResponse, ...authErrors } } },
    async (request) => ({ token: await rotateRefreshToken(db, config.jwtSecret, request.body.refresh) }),
  );

  app.post(
    '/logout/',
    { schema: { tags, body: refreshRequest, response: { 200: messageBody, ...authErrors } } },
    async (request) => {
      await logout(db, request.body.refresh);
      return { message: 'Logged out successfully' };
    },
  );
}
