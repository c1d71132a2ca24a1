import {
  changeForgetPasswordRequest,
  changeForgetPasswordResponse,
  emailOtpSendRequest,
  emailOtpVerifyRequest,
  forgetPasswordRequest,
  messageBody,
  resetTokenResponse,
} from '@pasal/contract/auth';
import { errorResponses } from '../../lib/error-responses';
import type { Messenger } from '../messaging/messenger';
import { checkResetAccount, resetPassword, sendResetOtp, verifyResetOtp } from './password-reset-service';
import { tags, type ZodApp } from './route-types';

export function registerPasswordResetRoutes(app: ZodApp, messenger: Messenger): void {
  const { db, config } = app;

  app.post(
    '/forget/password',
    {
      schema: {
        summary: 'Start a password reset: check that an account with this phone or e-mail exists',
        operationId: 'checkPasswordResetAccount',
        tags,
        body: forgetPasswordRequest,
        response: { 200: messageBody, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await checkResetAccount(db, request.body.phone_or_email, request.ip);
      return { message: 'Account found. We will send an OTP to your email.' };
    },
  );

  app.post(
    '/otp/public/send/email/',
    {
      schema: {
        summary: 'Send the password reset OTP by e-mail',
        operationId: 'sendPasswordResetOtp',
        tags,
        body: emailOtpSendRequest,
        response: { 200: messageBody, ...errorResponses(400, 429, 502) },
      },
    },
    async (request) => {
      await sendResetOtp(db, messenger, config.jwtSecret, {
        email: request.body.email,
        clientIp: request.ip,
      });
      return { message: 'OTP sent successfully to your email' };
    },
  );

  app.post(
    '/otp/public/verify/email/',
    {
      schema: {
        summary: 'Verify the password reset OTP, receiving a reset token',
        operationId: 'verifyPasswordResetOtp',
        tags,
        body: emailOtpVerifyRequest,
        response: { 200: resetTokenResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => ({
      reset_token: await verifyResetOtp(db, config.jwtSecret, {
        identifier: request.body.phone_or_email,
        otp: request.body.otp,
        clientIp: request.ip,
      }),
      message: 'OTP verified successfully',
    }),
  );

  app.post(
    '/change/forget/password',
    {
      schema: {
        summary: 'Set a new password with a reset token, ending every session of the account',
        operationId: 'resetPassword',
        tags,
        body: changeForgetPasswordRequest,
        response: { 200: changeForgetPasswordResponse, ...errorResponses(400) },
      },
    },
    async (request) => {
      await resetPassword(db, request.body.reset_token, request.body.new_password);
      return { success: true as const, message: 'Password successfully changed!' };
    },
  );
}
