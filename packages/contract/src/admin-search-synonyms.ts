import { z } from 'zod';
import { bodyError, version, versionInput } from './admin-common';
import { idParam } from './common';

// Search synonyms in the shop console: groups of single words that search treats as one
// ("curd", "dahi"; decision 040).

export const MAX_SYNONYM_WORDS = 10;
export const MAX_SYNONYM_LENGTH = 40;
export const SYNONYM_WORDS_RULE = `List 2 to ${MAX_SYNONYM_WORDS} different words, each one word of up to ${MAX_SYNONYM_LENGTH} letters`;

const synonymWord = z
  .string({ error: SYNONYM_WORDS_RULE })
  .trim()
  .toLowerCase()
  .min(1, SYNONYM_WORDS_RULE)
  .max(MAX_SYNONYM_LENGTH, SYNONYM_WORDS_RULE)
  .regex(/^\S+$/u, SYNONYM_WORDS_RULE)
  .refine((word) => !word.includes('\u0000'), SYNONYM_WORDS_RULE);

export const synonymWords = z
  .array(synonymWord, { error: SYNONYM_WORDS_RULE })
  .min(2, SYNONYM_WORDS_RULE)
  .max(MAX_SYNONYM_WORDS, SYNONYM_WORDS_RULE)
  .refine((words) => new Set(words).size === words.length, SYNONYM_WORDS_RULE)
  .describe('Words search treats as equal, lower-cased');

export const adminSynonym = z.object({
  id: z.number().int(),
  words: z.array(z.string()),
  version,
});
export type AdminSynonym = z.infer<typeof adminSynonym>;

export const adminSynonymList = z.object({ results: z.array(adminSynonym) });
export type AdminSynonymList = z.infer<typeof adminSynonymList>;

export const adminSynonymCreate = z.strictObject(
  { words: synonymWords },
  { error: bodyError('The body must be an object with words') },
);
export type AdminSynonymCreate = z.input<typeof adminSynonymCreate>;

export const adminSynonymUpdate = z.strictObject(
  { words: synonymWords, version: versionInput },
  { error: bodyError('The body must be an object with words and version') },
);
export type AdminSynonymUpdate = z.input<typeof adminSynonymUpdate>;

export const adminSynonymParams = z.object({ synonymId: idParam });
export const adminSynonymResponse = z.object({ synonym: adminSynonym });
export type AdminSynonymResponse = z.infer<typeof adminSynonymResponse>;
