import { STAFF_ONLY } from '@pasal/contract/admin-common';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError } from '../../lib/errors';

/** onRequest hook after app.authenticate: a signed-in customer gets 403 before any body is read. */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  if (!request.user.isStaff) throw new ForbiddenError(STAFF_ONLY);
}
