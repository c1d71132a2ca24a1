import { RIDERS_ONLY } from '@pasal/contract/riders';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError } from '../../lib/errors';

/** onRequest hook after app.authenticate: only a rider gets through (staff and customers get 403). */
export async function requireRider(request: FastifyRequest): Promise<void> {
  if (!request.user.isRider) throw new ForbiddenError(RIDERS_ONLY);
}
