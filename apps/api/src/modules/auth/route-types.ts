import { errorBody } from '@pasal/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export type ZodApp = ReturnType<typeof withZod>;

export function withZod(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

export const tags = ['auth'];

/** The error answers auth routes give (bodies per DECISIONS.md §2). */
export const authErrors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  429: errorBody,
  502: errorBody,
} as const;
