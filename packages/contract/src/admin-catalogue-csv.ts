import { z } from 'zod';

// Bulk catalogue changes: the catalogue as CSV out and in (docs/back-office-catalogue.md,
// docs/decisions/062). The file itself is the request body (text/csv), never JSON.

/** Largest CSV file the import reads (a 50,000-product catalogue is about 8 MB). */
export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;
/** Most data rows one file may hold. */
export const MAX_IMPORT_ROWS = 100_000;
/** The preview lists at most this many changes and problems (the counts are always whole). */
export const IMPORT_LIST_LIMIT = 1_000;

export const NOT_UTF8 =
  'The file is not UTF-8 text. In your spreadsheet choose “Save as… CSV UTF-8 (comma delimited)” and upload it again.';
export const CATALOGUE_CHANGED =
  'The catalogue changed since the preview (someone edited, sold or imported some of these products). Preview the file again.';
export const importHasProblems = (count: number) =>
  `The file has ${count} problem${count === 1 ? '' : 's'}; nothing was changed. Fix ${count === 1 ? 'it' : 'them'} and try again.`;

export const importProblem = z.object({
  line: z.number().int().describe('The line of the file (the header is line 1)'),
  column: z.string().nullable().describe('The column the problem is in; null for the whole row'),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblem>;

export const importFieldChange = z.object({
  field: z.string().describe('The CSV column'),
  before: z.string().nullable().describe('As exported; null for a new product'),
  after: z.string(),
});

export const importChange = z.object({
  line: z.number().int(),
  slug: z.string(),
  action: z.enum(['create', 'update']),
  fields: z.array(importFieldChange).describe('Only the fields that change'),
});
export type ImportChange = z.infer<typeof importChange>;

export const importPreview = z.object({
  rows: z.number().int().describe('Data rows read'),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  problem_count: z.number().int(),
  problems: z.array(importProblem).describe(`In line order; the first ${IMPORT_LIST_LIMIT}`),
  changes: z.array(importChange).describe(`In line order; the first ${IMPORT_LIST_LIMIT}`),
  catalogue_version: z
    .string()
    .describe(
      'What the preview was made from; send it with the apply so a catalogue changed since is refused',
    ),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importApplyQuery = z.strictObject({
  catalogue_version: z
    .string({ error: 'catalogue_version is required: send the one the preview answered' })
    .regex(/^[0-9a-f]{64}$/, { error: 'catalogue_version must be the one the preview answered' }),
});

export const importApplied = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  stock_movements: z.number().int().describe('Stock changes recorded, each with the import as its reason'),
});
export type ImportApplied = z.infer<typeof importApplied>;

export const importProblemsBody = z.object({
  message: z.string(),
  problem_count: z.number().int(),
  problems: z.array(importProblem),
});
