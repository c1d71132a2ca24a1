import {
  messageBody,
  onboardingVerifyResponse,
  phoneOtpSendRequest,
  phoneOtpVerifyRequest,
  setPasswordRequest,
  setPasswordResponse,
  signupOtpSendRequest,
  signupOtpVerifyRequest,
  signupRequest,
  signupResponse,
} from '@pasal/contract/auth';
import { errorResponses } from '../../lib/error-responses';
import type { Messenger } from '../messaging/messenger';
import { sendOnboardingOtp, setOnboardingPassword, verifyOnboardingOtp } from './onboarding-service';
import { tags, type ZodApp } from './route-types';
import { sendSignupOtp, signup, verifySignupOtp } from './signup-service';

const OTP_SENT = 'OTP sent successfully to your phone';
const OTP_VERIFIED = 'OTP verified successfully';

export function registerSignupRoutes(app: ZodApp, messenger: Messenger): void {
  const { db, config } = app;

  app.post(
    '/signup/',
    {
      schema: {
        summary:
          'Sign up with e-mail, phone and password (the account stays inactive until the phone is verified)',
        operationId: 'signUp',
        tags,
        body: signupRequest,
        response: { 201: signupResponse, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const { user, signupToken } = await signup(
        db,
        {
          email: body.email,
          password: body.password,
          firstName: body.first_name,
          lastName: body.last_name,
          phone: body.phone,
          language: body.language,
        },
        request.ip,
      );
      return reply.code(201).send({
        message: 'Registration successful' as const,
        user_id: String(user.id),
        phone: body.phone,
        email: body.email,
        signup_token: signupToken,
      });
    },
  );

  app.post(
    '/otp/public/send/',
    {
      schema: {
        summary: "Send the sign-up's phone OTP by SMS (409 once the sign-up was replaced by another)",
        operationId: 'sendSignupOtp',
        tags,
        body: signupOtpSendRequest,
        response: { 200: messageBody, ...errorResponses(400, 409, 429, 502) },
      },
    },
    async (request) => {
      await sendSignupOtp(db, messenger, config.jwtSecret, {
        phone: request.body.phone,
        signupToken: request.body.signup_token,
        clientIp: request.ip,
      });
      return { message: OTP_SENT };
    },
  );

  app.post(
    '/otp/public/verify/',
    {
      schema: {
        summary: "Verify the sign-up's phone OTP, activating the account (409 once it was replaced)",
        operationId: 'verifySignupOtp',
        tags,
        body: signupOtpVerifyRequest,
        response: { 200: messageBody, ...errorResponses(400, 409) },
      },
    },
    async (request) => {
      await verifySignupOtp(db, config.jwtSecret, {
        phone: request.body.phone,
        otp: request.body.otp,
        signupToken: request.body.signup_token,
      });
      return { message: OTP_VERIFIED };
    },
  );

  app.post(
    '/onboarding/send-otp/',
    {
      schema: {
        summary: 'Send a phone OTP to start a phone-only account',
        operationId: 'sendOnboardingOtp',
        tags,
        body: phoneOtpSendRequest,
        response: { 200: messageBody, ...errorResponses(400, 429, 502) },
      },
    },
    async (request) => {
      await sendOnboardingOtp(db, messenger, config.jwtSecret, {
        phone: request.body.phone,
        language: request.body.language,
        clientIp: request.ip,
      });
      return { message: OTP_SENT };
    },
  );

  app.post(
    '/onboarding/verify-otp/',
    {
      schema: {
        summary: 'Verify the phone OTP of a phone-only account, receiving the token set-password needs',
        operationId: 'verifyOnboardingOtp',
        tags,
        body: phoneOtpVerifyRequest,
        response: { 200: onboardingVerifyResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const setupToken = await verifyOnboardingOtp(db, config.jwtSecret, {
        phone: request.body.phone,
        otp: request.body.otp,
        clientIp: request.ip,
      });
      return { message: OTP_VERIFIED, setup_token: setupToken };
    },
  );

  app.post(
    '/onboarding/set-password/',
    {
      schema: {
        summary: 'Set the password of a phone-only account with the token its OTP verification returned',
        description:
          'Makes the account (with first_name and last_name when given) and logs its owner in: the answer carries tokens as /login/ does.',
        operationId: 'setOnboardingPassword',
        tags,
        body: setPasswordRequest,
        response: { 200: setPasswordResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { body } = request;
      const { userId, tokens } = await setOnboardingPassword(db, config.jwtSecret, {
        phone: body.phone,
        password: body.password,
        setupToken: body.setup_token,
        language: body.language,
        clientIp: request.ip,
        firstName: body.first_name,
        lastName: body.last_name,
      });
      return {
        message: 'Password set successfully!' as const,
        access_token: tokens.access,
        refresh_token: tokens.refresh,
        user_id: String(userId),
      };
    },
  );
}
