import {
  messageBody,
  phoneOtpSendRequest,
  phoneOtpVerifyRequest,
  setPasswordRequest,
  signupRequest,
  signupResponse,
} from '@pasal/contract/auth';
import type { Messenger } from '../messaging/messenger';
import { sendOnboardingOtp, setOnboardingPassword, verifyOnboardingOtp } from './onboarding-service';
import { authErrors, tags, type ZodApp } from './route-types';
import { sendSignupOtp, signup, verifySignupOtp } from './signup-service';

const OTP_SENT = 'OTP sent successfully to your phone';
const OTP_VERIFIED = 'OTP verified successfully';

export function registerSignupRoutes(app: ZodApp, messenger: Messenger): void {
  const { db, config } = app;

  app.post(
    '/signup/',
    { schema: { tags, body: signupRequest, response: { 201: signupResponse, ...authErrors } } },
    async (request, reply) => {
      const { body } = request;
      const user = await signup(
        db,
        {
          email: body.email,
          password: body.password,
          firstName: body.first_name,
          lastName: body.last_name,
          phone: body.phone,
        },
        request.ip,
      );
      return reply.code(201).send({
        message: 'Registration successful' as const,
        user_id: String(user.id),
        phone: body.phone,
        email: body.email,
      });
    },
  );

  app.post(
    '/otp/public/send/',
    { schema: { tags, body: phoneOtpSendRequest, response: { 200: messageBody, ...authErrors } } },
    async (request) => {
      await sendSignupOtp(db, messenger, config.jwtSecret, {
        phone: request.body.phone,
        clientIp: request.ip,
      });
      return { message: OTP_SENT };
    },
  );

  app.post(
    '/otp/public/verify/',
    { schema: { tags, body: phoneOtpVerifyRequest, response: { 200: messageBody, ...authErrors } } },
    async (request) => {
      await verifySignupOtp(db, config.jwtSecret, request.body.phone, request.body.otp);
      return { message: OTP_VERIFIED };
    },
  );

  app.post(
    '/onboarding/send-otp/',
    { schema: { tags, body: phoneOtpSendRequest, response: { 200: messageBody, ...authErrors } } },
    async (request) => {
      await sendOnboardingOtp(db, messenger, config.jwtSecret, {
        phone: request.body.phone,
        clientIp: request.ip,
      });
      return { message: OTP_SENT };
    },
  );

  app.post(
    '/onboarding/verify-otp/',
    { schema: { tags, body: phoneOtpVerifyRequest, response: { 200: messageBody, ...authErrors } } },
    async (request) => {
      await verifyOnboardingOtp(db, config.jwtSecret, request.body.phone, request.body.otp);
      return { message: OTP_VERIFIED };
    },
  );

  app.post(
    '/onboarding/set-password/',
    { schema: { tags, body: setPasswordRequest, response: { 200: messageBody, ...authErrors } } },
    async (request) => {
      await setOnboardingPassword(db, request.body.phone, request.body.password);
      return { message: 'Password set successfully!' };
    },
  );
}
