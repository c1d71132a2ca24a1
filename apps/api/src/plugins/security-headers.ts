import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
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

/**
 * Strict headers on every answer: CSP (no inline script, no framing), HSTS in production, no
 * MIME sniffing, no referrer, no powerful features. The storefront passes this CSP with no
 * violation (e2e/tests/production-headers.spec.ts).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  const production = config.env === 'production';
  await app.register(fastifyHelmet, {
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
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
