import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from '../config';
import { type DocumentHead, HeadedDocument } from './home-document';
import { registerMediaVariants } from './media-variants';

const YEAR_SECONDS = 31_536_000;

export interface StaticFilesOptions {
  /** Markup the home page's document carries besides the storefront's own (plugins/home-document.ts). */
  homeHead?: () => Promise<DocumentHead>;
  /** The same for a product's page (`/detail/{slug}`); undefined when no product has the slug. */
  productHead?: (slug: string) => Promise<DocumentHead | undefined>;
  /** The same for a category's page (`/viewallca/{id}`) and its address's query; undefined: sent as it is. */
  categoryHead?: (id: string, query: Record<string, unknown>) => Promise<DocumentHead | undefined>;
  /** The same for a search's page (`/search?query=…`). */
  searchHead?: (query: Record<string, unknown>) => Promise<DocumentHead | undefined>;
}

/** Media under /media/ (content never changes under a name) and the built storefront with an SPA fallback. */
export async function registerStaticFiles(
  app: FastifyInstance,
  config: AppConfig,
  options: StaticFilesOptions = {},
): Promise<void> {
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
    const { homeHead, productHead, categoryHead, searchHead } = options;
    // Composed and compressed once per version by HeadedDocument, not on every request.
    const documents = new HeadedDocument(webDist);
    if (homeHead) {
      app.get('/', { compress: false, schema: { hide: true } }, async (request, reply) => {
        if (!(await documents.send(request, reply, homeHead))) return sendPage(reply, webDist);
        return reply;
      });
    }
    if (productHead) {
      app.get<{ Params: { slug: string } }>(
        '/detail/:slug',
        { compress: false, schema: { hide: true } },
        async (request, reply) => {
          // A missing file under /detail/ stays a 404 (see the not-found handler below).
          if (request.params.slug.includes('.')) return reply.callNotFound();
          if (!(await documents.send(request, reply, () => productHead(request.params.slug))))
            return sendPage(reply, webDist);
          return reply;
        },
      );
    }
    if (categoryHead) {
      app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
        '/viewallca/:id',
        { compress: false, schema: { hide: true } },
        async (request, reply) => {
          if (request.params.id.includes('.')) return reply.callNotFound();
          if (!(await documents.send(request, reply, () => categoryHead(request.params.id, request.query))))
            return sendPage(reply, webDist);
          return reply;
        },
      );
    }
    if (searchHead) {
      app.get<{ Querystring: Record<string, unknown> }>(
        '/search',
        { compress: false, schema: { hide: true } },
        async (request, reply) => {
          if (!(await documents.send(request, reply, () => searchHead(request.query))))
            return sendPage(reply, webDist);
          return reply;
        },
      );
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/media/');
    // A missing script or image must stay a 404, not turn into the HTML page.
    const isFile = /\.[a-z0-9]+$/i.test(path);
    if (!isApi && !isFile && webDist && (request.method === 'GET' || request.method === 'HEAD')) {
      // Client routes of the storefront (/detail/…, /profile/orders) all load the same page.
      return sendPage(reply, webDist);
    }
    return reply.code(404).send({ message: `Not found: ${request.method} ${path}`, detail: 'Not found.' });
  });
}

/** The storefront's page as built: client routes (/detail/…, /profile/orders) all load it. */
function sendPage(reply: FastifyReply, webDist: string) {
  return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', webDist);
}
