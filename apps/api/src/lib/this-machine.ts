import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

// Headers a proxy adds when it passes on someone else's request.
const FORWARDED = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/**
 * The request comes from this machine, not through a proxy: the socket's peer is a loopback
 * address or the very address it connected to, and nobody forwarded it. TRUST_PROXY does not
 * change this: a proxy on this machine connects from loopback for every visitor, so a forwarded
 * request is never taken as local, whoever the proxy says it came from (docs/decisions/039).
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  const { remoteAddress, localAddress } = request.raw.socket;
  if (!remoteAddress || FORWARDED.some((name) => request.headers[name] !== undefined)) return false;
  return LOOPBACK.test(remoteAddress) || remoteAddress === localAddress;
}
