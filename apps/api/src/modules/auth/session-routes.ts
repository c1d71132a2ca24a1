import {
  loginRequest,
  loginResponse,
  messageBody,
  refreshRequest,
  refreshResponse,
} from '@pasal/contract/auth';
import { errorResponses } from '../../lib/error-responses';
import { login } from './login-service';
import { tags, type ZodApp } from './route-types';
import { logout, rotateRefreshToken } from './session-service';

export function registerSessionRoutes(app: ZodApp): void {
  const { db, config } = app;

  app.post(
    '/login/',
    {
      schema: {
        summary: 'Log in with phone or e-mail and password, receiving an access and a refresh token',
        operationId: 'logIn',
        tags,
        body: loginRequest,
        response: { 200: loginResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
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
    {
      schema: {
        summary: 'Trade a refresh token for a new access and refresh token',
        operationId: 'refreshTokens',
        tags,
        body: refreshRequest,
        response: { 200: refreshResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({ token: await rotateRefreshToken(db, config.jwtSecret, request.body.refresh) }),
  );

  app.post(
    '/logout/',
    {
      schema: {
        summary: "Log out, ending the refresh token's session",
        operationId: 'logOut',
        tags,
        body: refreshRequest,
        response: { 200: messageBody, ...errorResponses(400) },
      },
    },
    async (request) => {
      await logout(db, request.body.refresh);
      return { message: 'Logged out successfully' };
    },
  );
}
