import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config';

const YEAR_SECONDS = 31_536_000;

// Powerful browser features the shop never uses: no page (or injected script) may ask for them.
// Only names every current browser knows: an unknown one is logged as an error in the console.
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
].join(', ');

/** The helmet options of this deployment: HSTS and upgrade-insecure-requests only in production. */
export function helmetOptions(config: Pick<AppConfig, 'env' | 'esewa'>): HelmetOptions {
  const production = config.env === 'production';
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // react-bootstrap and the carousel set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        connectSrc: ["'self'"],
        // The checkout posts eSewa's signed form to eSewa itself when real credentials are set.
        formAction: ["'self'", ...(config.esewa ? [new URL(config.esewa.formUrl).origin] : [])],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // Behind TLS in production; on a plain-HTTP development machine it would break images.
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    // Browsers remember HSTS for a year: only a production deployment (behind TLS) may promise it.
    strictTransportSecurity: production ? { maxAge: YEAR_SECONDS, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
  };
}

/**
 * The headers helmet sets for these options, worked out once. @fastify/helmet rebuilt helmet's
 * middleware (parsing the whole CSP) on every request: a tenth of a small answer's CPU time.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Strict headers on every answer, the 404s and errors included: CSP (no inline script, no
 * framing), HSTS in production, no MIME sniffing, no referrer, no powerful features. The
 * storefront passes this CSP with no violation (e2e/tests/production-headers.spec.ts).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<AppConfig, 'env' | 'esewa'>,
): void {
  const headers = { ...securityHeaders(helmetOptions(config)), 'permissions-policy': PERMISSIONS_POLICY };
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
