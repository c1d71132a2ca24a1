import {
  changeForgetPasswordRequest,
  changeForgetPasswordResponse,
  emailOtpSendRequest,
  emailOtpVerifyRequest,
  forgetPasswordRequest,
  messageBody,
  resetTokenResponse,
} from '@pasal/contract/auth';
import type { Messenger } from '../messaging/messenger';
import { checkResetAccount, resetPassword, sendResetOtp, verifyResetOtp } from './password-reset-service';
import { authErrors, tags, type ZodApp } from './route-types';

export function registerPasswordResetRoutes(app: ZodApp, messenger: Messenger): void {
  const { db, config } = app;

  app.post(
    '/forget/password',
    { schema: { tags, body: forgetPasswordRequest, response: { 200: messageBody, ...authErrors } } },
    async (request) => {
      await checkResetAccount(db, request.body.phone_or_email, request.ip);
      return { message: 'Account found. We will send an OTP to your email.' };
    },
  );

  app.post(
    '/otp/public/send/email/',
    { schema: { tags, body: emailOtpSendRequest, response: { 200: messageBody, ...authErrors } } },
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
    { schema: { tags, body: emailOtpVerifyRequest, response: { 200: resetTokenResponse, ...authErrors } } },
    async (request) => ({
      reset_token: await verifyResetOtp(db, config.jwtSecret, request.body.phone_or_email, request.body.otp),
      message: 'OTP verified successfully',
    }),
  );

  app.post(
    '/change/forget/password',
    {
      schema: {
        tags,
        body: changeForgetPasswordRequest,
        response: { 200: changeForgetPasswordResponse, ...authErrors },
      },
    },
    async (request) => {
      await resetPassword(db, request.body.reset_token, request.body.new_password);
      return { success: true as const, message: 'Password successfully changed!' };
    },
  );
}
