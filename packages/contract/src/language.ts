import { z } from 'zod';

/** The languages the shop speaks: an account's choice, for its messages (SMS and e-mail). */
export const LANGUAGES = ['en', 'ne'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_INVALID = 'Language must be en or ne';

/** A language code in a request body: "en" (English) or "ne" (Nepali). */
export const language = z
  .enum(LANGUAGES, {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'Language is required' : LANGUAGE_INVALID,
  })
  .describe('en (English) or ne (Nepali): the language of SMS and e-mail sent to the account');
