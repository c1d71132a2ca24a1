import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { qualified } from '../db/qualified';
import { users } from '../db/schema/users';
import { verifyAccessToken } from '../lib/access-token';
import { UnauthorizedError } from '../lib/errors';

export interface AuthUser {
  id: number;
  isStaff: boolean;
  /** A delivery rider (never staff): only the /api/rider routes, on the orders assigned to them. */
  isRider: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest/preHandler hook: refuses with 401 unless a valid bearer access token of a live, active user is sent. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by app.authenticate; only read it in routes that use that preHandler. */
    user: AuthUser;
  }
}

const MESSAGE = 'Authentication credentials were not provided or are invalid.';

function refuse(detail: string): UnauthorizedError {
  return new UnauthorizedError(MESSAGE, { detail });
}

/** Decorates the root app, so every route plugin can use `onRequest: app.authenticate` (before the body is read). */
export function registerAuthenticate(app: FastifyInstance): void {
  app.decorateRequest('user', null as unknown as AuthUser);
  // Prepared once: every authenticated request runs it, so it is parsed and planned once per connection.
  const loadUser = app.db
    .select({
      id: users.id,
      isStaff: users.isStaff,
      isRider: users.isRider,
      isActive: users.isActive,
      deletedAt: users.deletedAt,
      disabledAt: users.disabledAt,
      tokenVersion: users.tokenVersion,
      // The token's session (refresh-token family) is still live: logout or a replayed refresh
      // token revokes the family, and its access tokens end at once, not when they expire.
      sessionLive: sql<boolean>`exists (select 1 from refresh_tokens rt where rt.family_id = ${sql.placeholder('sid')}::uuid and rt.user_id = ${qualified(users.id)} and rt.revoked_at is null)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('authenticate_user');
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw refuse('Authentication credentials were not provided.');
    const verified = verifyAccessToken(app.config.jwtSecret, match[1]);
    if ('problem' in verified) {
      throw refuse(
        verified.problem === 'expired' ? 'Token has expired.' : 'Given token not valid for any token type.',
      );
    }
    // Loaded every request, so a disabled or deleted account, a password reset or a logout ends its tokens at once.
    const [user] = await loadUser.execute({ id: verified.claims.userId, sid: verified.claims.sessionId });
    if (
      !user?.isActive ||
      user.deletedAt ||
      user.disabledAt ||
      user.tokenVersion !== verified.claims.version ||
      !user.sessionLive
    ) {
      throw refuse('User is inactive or the token has been revoked.');
    }
    request.user = { id: user.id, isStaff: user.isStaff, isRider: user.isRider };
  });
}
