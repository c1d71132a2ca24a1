import { z } from 'zod';
import { language } from './language';
import { meetsResetRule, RESET_PASSWORD_RULE } from './password-rules';

/** PostgreSQL text cannot hold U+0000, so text carrying one is refused as the field's error. */
export const NUL_CHARACTER = 'Must not contain a NUL character';
export const hasNoNul = (value: string) => !value.includes('\u0000');

/** A required text field: `message` when it is missing or blank. Trimmed; no NUL characters. */
function required(message: string) {
  return z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? message : 'Must be text'),
    })
    .trim()
    .min(1, { message, abort: true })
    .refine(hasNoNul, { message: NUL_CHARACTER, abort: true });
}

const MAX_PASSWORD = 128;
const tooLong = 'Password must be at most 128 characters';

/** A password field: never trimmed, `missing` when absent or empty. */
function password(missing: string) {
  return z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? missing : 'Must be text'),
    })
    .min(1, { message: missing, abort: true })
    .refine(hasNoNul, { message: NUL_CHARACTER, abort: true })
    .max(MAX_PASSWORD, tooLong);
}

const digitsOnly = /^\d+$/;
// Letters with their combining marks (Devanagari vowel signs such as the ा in "राम" are \p{M}).
const personNamePattern = /^[\p{L}\p{M}]+(?:[ '-][\p{L}\p{M}]+)*$/u;

/**
 * A person's name wherever one is written (sign-up and profile): required, at most 100
 * characters, letters only (words joined by a space, an apostrophe or a hyphen).
 */
// Written out whole: they are the spec's texts (accounts-orders.md), kept findable in the source.
const ONLY_LETTERS = {
  'First name': 'First name must contain only letters',
  'Middle name': 'Middle name must contain only letters',
  'Last name': 'Last name must contain only letters',
} as const;
type NameLabel = keyof typeof ONLY_LETTERS;

export function personName(label: NameLabel) {
  return required(`${label} is required`)
    .max(100, `${label} must be at most 100 characters`)
    .regex(personNamePattern, ONLY_LETTERS[label]);
}

/** An optional name (the middle name): empty, or a name by the same rule. */
export function optionalPersonName(label: NameLabel) {
  return z
    .string({ error: 'Must be text' })
    .trim()
    .max(100, `${label} must be at most 100 characters`)
    .refine(hasNoNul, { message: NUL_CHARACTER, abort: true })
    .refine((value) => value === '' || personNamePattern.test(value), ONLY_LETTERS[label]);
}

/** Phone on the e-mail sign-up form: digits only, no length rule in the spec (15 digits at most here). */
export const signupPhone = required('Phone number is required')
  .regex(digitsOnly, 'Phone number must contain only numbers')
  .max(15, 'Phone number should not be more than 15 digits.');

/** Phone for phone sign-up and OTP: digits only, at least 10. */
export const phoneNumber = required('Please enter your phone number.')
  .regex(digitsOnly, 'Phone number must contain only numbers')
  .min(10, 'Phone number should not be less than 10 digits.')
  .max(15, 'Phone number should not be more than 15 digits.');

export const emailAddress = required('Email is required')
  .max(254, 'Email is too long')
  .toLowerCase()
  .pipe(z.email('Invalid email'));

export const otpCode = required('Please enter a valid 6-digit OTP').regex(
  /^\d{6}$/,
  'Please enter a valid 6-digit OTP',
);

export const messageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageBody>;

// --- Sign-up by e-mail form -------------------------------------------------------------------

export const signupRequest = z
  .object({
    email: emailAddress,
    password: password('Password is required').min(3, 'Password must be at least 3 characters'),
    confirm_password: password('Confirm password is required'),
    first_name: personName('First name'),
    last_name: personName('Last name'),
    phone: signupPhone,
    // The language the visitor chose: the sign-up's OTP and every later message use it.
    language: language.optional(),
  })
  .refine((body) => body.password === body.confirm_password, {
    message: 'Passwords must match',
    path: ['confirm_password'],
  });
export type SignupRequest = z.infer<typeof signupRequest>;

export const signupResponse = z.object({
  message: z.literal('Registration successful'),
  user_id: z.string(),
  phone: z.string(),
  email: z.string(),
  /** Proves this sign-up: its OTP is sent and verified only with it (decision 034). */
  signup_token: z.string(),
});
export type SignupResponse = z.infer<typeof signupResponse>;

// --- OTP ----------------------------------------------------------------------------------------

/** Phone sign-up's OTP: `language` is the visitor's choice, so the code comes in it. */
export const phoneOtpSendRequest = z.object({ phone: phoneNumber, language: language.optional() });
export type PhoneOtpSendRequest = z.infer<typeof phoneOtpSendRequest>;

export const phoneOtpVerifyRequest = z.object({ phone: phoneNumber, otp: otpCode });
export type PhoneOtpVerifyRequest = z.infer<typeof phoneOtpVerifyRequest>;

/** A random token handed out by the API (sign-up, onboarding proof); `message` when missing. */
function proofToken(message: string) {
  return required(message).max(128, message);
}

const SIGNUP_TOKEN_MISSING = 'Sign-up not found. Please sign up again.';

export const signupOtpSendRequest = z.object({
  phone: phoneNumber,
  signup_token: proofToken(SIGNUP_TOKEN_MISSING),
});
export type SignupOtpSendRequest = z.infer<typeof signupOtpSendRequest>;

export const signupOtpVerifyRequest = z.object({
  phone: phoneNumber,
  otp: otpCode,
  signup_token: proofToken(SIGNUP_TOKEN_MISSING),
});
export type SignupOtpVerifyRequest = z.infer<typeof signupOtpVerifyRequest>;

/** The onboarding OTP buys a single-use token for set-password (10 minutes, decision 034). */
export const onboardingVerifyResponse = z.object({ message: z.string(), setup_token: z.string() });
export type OnboardingVerifyResponse = z.infer<typeof onboardingVerifyResponse>;

export const emailOtpSendRequest = z.object({ email: emailAddress });
export type EmailOtpSendRequest = z.infer<typeof emailOtpSendRequest>;

export const emailOtpVerifyRequest = z.object({
  phone_or_email: required('Please enter your email.').max(254, 'Email is too long'),
  otp: otpCode,
});
export type EmailOtpVerifyRequest = z.infer<typeof emailOtpVerifyRequest>;

export const resetTokenResponse = z.object({ reset_token: z.string(), message: z.string() });
export type ResetTokenResponse = z.infer<typeof resetTokenResponse>;

// --- Phone sign-up (onboarding) -------------------------------------------------------------------

export const setPasswordRequest = z.object({
  phone: phoneNumber,
  password: password('Please fill both fields.').min(6, 'Password should not be less than 6 characters.'),
  setup_token: proofToken('Phone number not verified. Please verify the OTP first.'),
  // The new account's language (English when not said).
  language: language.optional(),
  // The storefront asks for the name at sign-up (docs/decisions/047); older clients send none.
  first_name: personName('First name').optional(),
  last_name: personName('Last name').optional(),
});
export type SetPasswordRequest = z.infer<typeof setPasswordRequest>;

/** The account is made and its owner logged in, as by /login/ (docs/decisions/047). */
export const setPasswordResponse = z.object({
  message: z.literal('Password set successfully!'),
  access_token: z.string(),
  refresh_token: z.string(),
  user_id: z.string(),
});
export type SetPasswordResponse = z.infer<typeof setPasswordResponse>;

// --- Login and session ---------------------------------------------------------------------------

export const loginRequest = z.object({
  phone_or_email: required('Username is required').max(254, 'Username is too long'),
  password: password('Password is required').min(6, 'Password must be at least 6 characters'),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  user_id: z.string(),
  message: z.literal('Login Successful'),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const refreshRequest = z.object({
  refresh: required('Refresh token is required').max(200, 'Refresh token is malformed'),
});
export type RefreshRequest = z.infer<typeof refreshRequest>;

export const refreshResponse = z.object({ token: z.object({ access: z.string(), refresh: z.string() }) });
export type RefreshResponse = z.infer<typeof refreshResponse>;

// --- Password reset ------------------------------------------------------------------------------

export const forgetPasswordRequest = z.object({
  phone_or_email: required('Please enter your email.').max(254, 'Email is too long'),
});
export type ForgetPasswordRequest = z.infer<typeof forgetPasswordRequest>;

export const changeForgetPasswordRequest = z
  .object({
    reset_token: required('Missing reset token. Please verify OTP again.').max(
      200,
      'Reset token is malformed',
    ),
    new_password: password('Password is required').refine(meetsResetRule, RESET_PASSWORD_RULE),
    confirm_password: password('Confirm Password is required'),
  })
  .refine((body) => body.new_password === body.confirm_password, {
    message: 'Passwords do not match',
    path: ['confirm_password'],
  });
export type ChangeForgetPasswordRequest = z.infer<typeof changeForgetPasswordRequest>;

export const changeForgetPasswordResponse = z.object({ success: z.literal(true), message: z.string() });
export type ChangeForgetPasswordResponse = z.infer<typeof changeForgetPasswordResponse>;
