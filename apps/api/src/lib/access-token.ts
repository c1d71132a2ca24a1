import { createVerifier, TokenError } from 'fast-jwt';
import { SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 15 * 60;

export interface AccessClaims {
  userId: number;
  /** users.token_version when the token was made; a raised version ends the token. */
  version: number;
  /** The refresh-token family (the login session) it belongs to; ending the session ends the token. */
  sessionId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signAccessToken(secret: string, claims: AccessClaims): Promise<string> {
  return new SignJWT({ ver: claims.version, sid: claims.sessionId, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(key(secret));
}

export type AccessTokenProblem = 'expired' | 'invalid';

type Verify = (token: string) => Record<string, unknown>;

// Verifying runs on every authenticated request: fast-jwt checks the HS256 signature with
// node:crypto synchronously (jose goes through async WebCrypto, about 1 ms a token under load).
// Tokens are the standard compact JWS jose signs, so both agree on every token.
let verifier: { secret: string; verify: Verify } | undefined;

function verifierFor(secret: string): Verify {
  if (verifier?.secret !== secret) {
    verifier = {
      secret,
      verify: createVerifier({ key: secret, algorithms: ['HS256'], requiredClaims: ['exp'] }) as Verify,
    };
  }
  return verifier.verify;
}

/**
 * The token's claims, or why it is refused. Only HS256 is accepted, only tokens that expire, and
 * only tokens of a session (tokens made before sessions were carried are refused: the client refreshes).
 */
export function verifyAccessToken(
  secret: string,
  token: string,
): { claims: AccessClaims } | { problem: AccessTokenProblem } {
  let payload: Record<string, unknown>;
  try {
    payload = verifierFor(secret)(token);
  } catch (error) {
    return {
      problem: error instanceof TokenError && error.code === TokenError.codes.expired ? 'expired' : 'invalid',
    };
  }
  const userId = Number(payload.sub);
  if (
    payload.typ !== 'access' ||
    typeof payload.sub !== 'string' ||
    !Number.isSafeInteger(userId) ||
    userId <= 0 ||
    typeof payload.ver !== 'number' ||
    typeof payload.sid !== 'string' ||
    !UUID.test(payload.sid)
  ) {
    return { problem: 'invalid' };
  }
  return { claims: { userId, version: payload.ver, sessionId: payload.sid } };
}
