import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, test } from 'vitest';
import { signAccessToken, verifyAccessToken } from './access-token';

const SECRET = 'a-test-secret-of-enough-length-0123456789';
const key = new TextEncoder().encode(SECRET);

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A compact HS256 JWS built by hand, to say exactly what the header and claims hold. */
function handMade(header: Record<string, unknown>, claims: Record<string, unknown>, secret = SECRET): string {
  const signingInput = `${b64(header)}.${b64(claims)}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
}

const now = () => Math.floor(Date.now() / 1000);
const SID = '6f1c2b9e-3d4a-4f5b-8c7d-0e1f2a3b4c5d';

describe('access tokens', () => {
  test('a token signed by the server verifies to its user, version and session', async () => {
    const token = await signAccessToken(SECRET, { userId: 42, version: 3, sessionId: SID });
    expect(verifyAccessToken(SECRET, token)).toEqual({ claims: { userId: 42, version: 3, sessionId: SID } });
  });

  test('a token signed the earlier way (jose, as before the faster verifier) still verifies', async () => {
    const token = await new SignJWT({ ver: 0, sid: SID, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('7')
      .setIssuedAt()
      .setExpirationTime('900s')
      .sign(key);
    expect(verifyAccessToken(SECRET, token)).toEqual({ claims: { userId: 7, version: 0, sessionId: SID } });
  });

  test('an expired token is "expired"; a wrong signature or another secret is "invalid"', async () => {
    const claims = { sub: '5', ver: 1, sid: SID, typ: 'access' };
    const expired = handMade({ alg: 'HS256', typ: 'JWT' }, { ...claims, iat: now() - 1000, exp: now() - 10 });
    expect(verifyAccessToken(SECRET, expired)).toEqual({ problem: 'expired' });
    const good = await signAccessToken(SECRET, { userId: 5, version: 1, sessionId: SID });
    expect(verifyAccessToken('another-secret-of-enough-length-987654', good)).toEqual({ problem: 'invalid' });
    const [header, payload] = good.split('.');
    expect(verifyAccessToken(SECRET, `${header}.${payload}.${'A'.repeat(43)}`)).toEqual({
      problem: 'invalid',
    });
    expect(verifyAccessToken(SECRET, 'not.a.jwt')).toEqual({ problem: 'invalid' });
  });

  test('other algorithms, unsigned tokens and tokens without expiry are refused', () => {
    const claims = { sub: '5', ver: 1, sid: SID, typ: 'access', iat: now(), exp: now() + 600 };
    expect(verifyAccessToken(SECRET, handMade({ alg: 'HS256', typ: 'JWT' }, claims))).toEqual({
      claims: { userId: 5, version: 1, sessionId: SID },
    });
    const hs512 = `${b64({ alg: 'HS512' })}.${b64(claims)}`;
    const signed512 = `${hs512}.${createHmac('sha512', SECRET).update(hs512).digest('base64url')}`;
    expect(verifyAccessToken(SECRET, signed512)).toEqual({ problem: 'invalid' });
    expect(verifyAccessToken(SECRET, `${b64({ alg: 'none' })}.${b64(claims)}.`)).toEqual({
      problem: 'invalid',
    });
    const { exp: _exp, ...forever } = claims;
    expect(verifyAccessToken(SECRET, handMade({ alg: 'HS256' }, forever))).toEqual({ problem: 'invalid' });
  });

  test('tokens that are not access tokens of a user are refused', () => {
    const base = { iat: now(), exp: now() + 600, sid: SID };
    const { sid: _sid, ...sessionless } = base;
    for (const claims of [
      { ...sessionless, sub: '5', ver: 1, typ: 'access' },
      { ...base, sid: 'not-a-uuid', sub: '5', ver: 1, typ: 'access' },
      { ...base, sub: '5', ver: 1, typ: 'refresh' },
      { ...base, sub: '5', ver: '1', typ: 'access' },
      { ...base, sub: '0', ver: 1, typ: 'access' },
      { ...base, sub: 'x', ver: 1, typ: 'access' },
      { ...base, sub: 5, ver: 1, typ: 'access' },
      { ...base, ver: 1, typ: 'access' },
    ]) {
      expect(verifyAccessToken(SECRET, handMade({ alg: 'HS256' }, claims))).toEqual({ problem: 'invalid' });
    }
  });
});
