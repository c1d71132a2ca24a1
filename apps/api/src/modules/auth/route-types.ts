import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export type ZodApp = ReturnType<typeof withZod>;

export function withZod(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

export const tags = ['auth'];
