import type { z } from 'zod';
import { AppError } from '../../lib/errors';

/**
 * Validates what a multipart form sent with a contract schema, refusing it like a JSON body would
 * be refused: 400 with the first problem as the message and every one under `error`.
 */
export function parseForm<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.output<T> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const name = issue.path.map(String).join('.') || 'non_field_errors';
    errors[name] = [...(errors[name] ?? []), issue.message];
  }
  const [field, messages] = Object.entries(errors)[0];
  const message = field === 'non_field_errors' ? messages[0] : `${field}: ${messages[0]}`;
  throw new AppError(400, message, { error: errors });
}
