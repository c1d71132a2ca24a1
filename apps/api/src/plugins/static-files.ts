import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { registerMediaVariants } from './media-variants';

const YEAR_SECONDS = 31_536_000;

/** Media under /media/ (content never changes under a name) and the built storefront with an SPA fallback. */
export async function registerStaticFiles(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    schemaHide: true, // files, not API operations: kept out of /api/docs
    setHeaders(res) {
      res.header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`);
    },
  });
  await registerMediaVariants(app, config);

  const webDist = config.webDist;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      // Looked up per request, so a rebuilt storefront is served without a restart.
      wildcard: true,
      index: ['index.html'],
      // The build writes .br and .gz beside each script and stylesheet (apps/web/precompress.ts).
      preCompressed: true,
      schemaHide: true,
      setHeaders(res, path) {
        const hashed = path.startsWith(join(webDist, 'assets'));
        res.header('cache-control', hashed ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/media/');
    // A missing script or image must stay a 404, not turn into the HTML page.
    const isFile = /\.[a-z0-9]+$/i.test(path);
    if (!isApi && !isFile && webDist && (request.method === 'GET' || request.method === 'HEAD')) {
      // Client routes of the storefront (/detail/…, /profile/orders) all load the same page.
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', webDist);
    }
    return reply.code(404).send({ message: `Not found: ${request.method} ${path}`, detail: 'Not found.' });
  });
}
