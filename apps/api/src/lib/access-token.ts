import { errors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 15 * 60;

export interface AccessClaims {
  userId: number;
  /** users.token_version when the token was made; a raised version ends the token. */
  version: number;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signAccessToken(secret: string, claims: AccessClaims): Promise<string> {
  return new SignJWT({ ver: claims.version, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(key(secret));
}

export type AccessTokenProblem = 'expired' | 'invalid';

/** The token's claims, or why it is refused. Only HS256 is accepted. */
export async function verifyAccessToken(
  secret: string,
  token: string,
): Promise<{ claims: AccessClaims } | { problem: AccessTokenProblem }> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (
      payload.typ !== 'access' ||
      !Number.isSafeInteger(userId) ||
      userId <= 0 ||
      typeof payload.ver !== 'number'
    ) {
      return { problem: 'invalid' };
    }
    return { claims: { userId, version: payload.ver } };
  } catch (error) {
    return { problem: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
