import { z } from 'zod';
import { emailAddress, otpCode } from './auth';

// Proving an e-mail address by a code sent to it, for a logged-in customer. Mail (order
// confirmations) goes only to an address its owner proved.

export const emailVerificationSendRequest = z.object({ email: emailAddress });
export type EmailVerificationSendRequest = z.infer<typeof emailVerificationSendRequest>;

export const emailVerificationRequest = z.object({
  email: emailAddress,
  otp: otpCode,
  // Only for an address the account does not have yet: adding one adds a way to reset the password.
  password: z
    .string({ error: 'Must be text' })
    .max(128, 'Password must be at most 128 characters')
    .optional()
    .describe("The account's password; required when the e-mail is not the account's own yet"),
});
export type EmailVerificationRequest = z.infer<typeof emailVerificationRequest>;

export const EMAIL_VERIFIED = 'Your email address is verified.';
export const EMAIL_OTP_SENT = 'We have sent a verification code to your email.';
