import { z } from 'zod';
import { optionalPersonName, personName } from './auth';
import { LANGUAGES, language } from './language';

// The language lives in language.ts (sign-up takes it too, and auth.ts cannot import this file).
export { LANGUAGES, type Language } from './language';

export const GENDERS = ['Male', 'Female', 'Other'] as const;
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;

export const profileData = z.object({
  user: z.object({
    first_name: z.string(),
    middle_name: z.string(),
    last_name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    email_verified: z
      .boolean()
      .optional()
      .describe('True once the owner proved the e-mail address (mail goes only to a proved address)'),
    // Optional in the type so older fixtures stay valid; the server always sends it.
    is_staff: z
      .boolean()
      .optional()
      .describe('True for a staff account: the storefront shows it the way to the shop console'),
    // Optional in the type like is_staff; the server always sends it.
    is_rider: z
      .boolean()
      .optional()
      .describe('True for a delivery rider: the storefront shows them the way to /rider'),
    // Optional in the type like is_staff; the server always sends it.
    language: z
      .enum(LANGUAGES)
      .optional()
      .describe('en or ne: the language of the SMS and e-mail the shop sends this account'),
    // Optional in the type like is_staff; the server always sends it.
    order_updates: z
      .boolean()
      .optional()
      .describe(
        'True: an SMS (and e-mail) at each delivery step; false: only the receipt, cancellation and refund',
      ),
  }),
  profile: z.object({
    image: z.string().nullable(),
    date_of_birth: z.string().nullable().describe('YYYY-MM-DD'),
    gender: z.enum(GENDERS).nullable(),
  }),
});
export type ProfileData = z.infer<typeof profileData>;

export const profileResponse = z.object({ data: profileData });
export type ProfileResponse = z.infer<typeof profileResponse>;

function isRealDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Today in Nepal (UTC+05:45), so a birthday of today is never "in the future" for a shopper there. */
function todayInNepal(): string {
  return new Date(Date.now() + 345 * 60_000).toISOString().slice(0, 10);
}

export const profileUpdateRequest = z.object({
  user: z.object(
    {
      // The same rule as the sign-up form's (auth.ts), so no other text reaches a greeting.
      first_name: personName('First name'),
      last_name: personName('Last name'),
      middle_name: optionalPersonName('Middle name').optional(),
    },
    { error: 'User details are required' },
  ),
  gender: z
    .union([z.enum(GENDERS, { error: 'Gender must be Male, Female or Other' }), z.literal(''), z.null()])
    .optional()
    .transform((value) => value || null),
  date_of_birth: z
    .union([
      z
        .string()
        .trim()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of birth must be a date (YYYY-MM-DD)')
        .refine(isRealDate, 'Date of birth is not a valid date')
        .refine((value) => value >= '1900-01-01', 'Date of birth is too far in the past')
        .refine((value) => value <= todayInNepal(), 'Date of birth cannot be in the future'),
      z.literal(''),
      z.null(),
    ])
    .optional()
    .transform((value) => value || null),
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequest>;

export const profileUpdateResponse = z.object({
  message: z.literal('Profile updated successfully'),
  data: profileData,
});
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponse>;

export const profilePicResponse = z.object({
  success: z.literal(true),
  message: z.literal('Profile picture updated successfully'),
  image: z.string(),
});
export type ProfilePicResponse = z.infer<typeof profilePicResponse>;

/** PUT /profile/language/: the language of the account's SMS and e-mail. */
export const profileLanguageRequest = z.object({ language });
export type ProfileLanguageRequest = z.infer<typeof profileLanguageRequest>;

export const profileLanguageResponse = z.object({
  message: z.literal('Language updated successfully'),
  data: profileData,
});
export type ProfileLanguageResponse = z.infer<typeof profileLanguageResponse>;

/** PUT /profile/order-updates/: whether the account gets a message at each delivery step. */
export const profileOrderUpdatesRequest = z.object({
  order_updates: z.boolean({ error: 'order_updates must be true or false' }),
});
export type ProfileOrderUpdatesRequest = z.infer<typeof profileOrderUpdatesRequest>;

export const profileOrderUpdatesResponse = z.object({
  message: z.literal('Order updates setting saved'),
  data: profileData,
});
export type ProfileOrderUpdatesResponse = z.infer<typeof profileOrderUpdatesResponse>;
