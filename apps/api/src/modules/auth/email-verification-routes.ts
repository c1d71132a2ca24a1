import { messageBody } from '@pasal/contract/auth';
import {
  EMAIL_OTP_SENT,
  EMAIL_VERIFIED,
  emailVerificationRequest,
  emailVerificationSendRequest,
} from '@pasal/contract/email-verification';
import { errorResponses } from '../../lib/error-responses';
import type { Messenger } from '../messaging/messenger';
import { sendEmailVerification, verifyEmail } from './email-verification-service';
import { tags, type ZodApp } from './route-types';

const security = [{ bearerAuth: [] }];

/** A logged-in customer proves an e-mail address by a code sent to it (decision 035). */
export function registerEmailVerificationRoutes(app: ZodApp, messenger: Messenger): void {
  const { db, config } = app;

  app.post(
    '/email/verify/send/',
    {
      // onRequest: an anonymous caller gets 401 before any body is read or validated.
      onRequest: app.authenticate,
      schema: {
        summary: 'Send a code to an e-mail address to prove it is yours',
        operationId: 'sendEmailVerificationOtp',
        tags,
        security,
        body: emailVerificationSendRequest,
        response: { 200: messageBody, ...errorResponses(400, 401, 404, 429, 502) },
      },
    },
    async (request) => {
      await sendEmailVerification(db, messenger, config.jwtSecret, {
        userId: request.user.id,
        email: request.body.email,
        clientIp: request.ip,
      });
      return { message: EMAIL_OTP_SENT };
    },
  );

  app.post(
    '/email/verify/',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'Prove an e-mail address with the code sent to it; it becomes your verified e-mail',
        operationId: 'verifyEmail',
        tags,
        security,
        body: emailVerificationRequest,
        response: { 200: messageBody, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      await verifyEmail(db, config.jwtSecret, {
        userId: request.user.id,
        email: request.body.email,
        otp: request.body.otp,
        password: request.body.password,
      });
      return { message: EMAIL_VERIFIED };
    },
  );
}
