import { z } from 'zod';

/** Rupees as a JSON number with at most 2 decimals (the server keeps integer paisa). */
export const money = z.number().describe('Rupees, at most 2 decimals');

/** A positive integer id in a path, given as a string of digits. */
export const idParam = z.coerce
  .number({ message: 'Must be a whole number' })
  .int('Must be a whole number')
  .positive('Must be a positive id')
  .max(2_147_483_647, 'Id is too large');

/**
 * Every error body carries a human-readable message; some carry the spec's extra fields
 * (`detail`, `msg`, or field errors under `error`).
 */
export const errorBody = z
  .object({
    message: z.string(),
    detail: z.string().optional(),
    msg: z.string().optional(),
    error: z.record(z.string(), z.array(z.string())).optional(),
  })
  .passthrough()
  // Named, so the API document states it once (#/components/schemas/ErrorBody).
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof errorBody>;
