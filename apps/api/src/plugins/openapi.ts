import { STATUS_CODES } from 'node:http';
import fastifySwagger, { type SwaggerTransformObject } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { errorBody } from '@pasal/contract/common';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ACCESS_TOKEN_SECONDS } from '../lib/access-token';

/** One tag per resource; an operation names its own in `schema.tags`. */
export const API_TAGS = [
  {
    name: 'auth',
    description: 'Sign-up, one-time passcodes, login, token refresh, logout and password reset.',
  },
  {
    name: 'catalogue',
    description: 'Categories, products, search, banners and flash sales. Public; answers may be cached.',
  },
  { name: 'profile', description: "The signed-in customer's own profile, picture and message language." },
  {
    name: 'cart',
    description: "The signed-in customer's own cart, priced live (flash-sale prices in force).",
  },
  { name: 'vouchers', description: "Promo codes checked against the customer's own cart at current prices." },
  { name: 'wishlist', description: "The signed-in customer's own wishlist." },
  {
    name: 'back-in-stock',
    description: 'The signed-in customer\'s own "Notify me" requests for products out of stock.',
  },
  {
    name: 'locations',
    description:
      'Provinces, districts, local levels and the delivery stations serving them. Public; cacheable.',
  },
  { name: 'addresses', description: "The signed-in customer's own delivery addresses." },
  { name: 'delivery', description: 'The delivery charge for an address and a cart, by the documented rule.' },
  {
    name: 'payments',
    description:
      "Online payment with eSewa and Khalti: wallets on offer, an order's payment, paying again, wallet returns.",
  },
  {
    name: 'orders',
    description:
      "Checkout and the signed-in customer's own orders: list, detail, cancellation, delivered products.",
  },
  {
    name: 'reviews',
    description:
      'Reviews of products delivered to the signed-in customer, and other customers’ helpful marks on them.',
  },
  {
    name: 'invoices',
    description:
      "The signed-in customer's own tax invoices (JSON and PDF), issued when an order is delivered or paid online.",
  },
  { name: 'admin-dashboard', description: 'Shop console (staff only): what needs attention now.' },
  {
    name: 'admin-reports',
    description:
      'Shop console (staff only): sales reports of a range of days, the figures behind the dashboard’s charts.',
  },
  {
    name: 'admin-products',
    description:
      'Shop console (staff only): products, their pictures and stock adjustments. Edits carry the version read.',
  },
  {
    name: 'admin-catalogue-csv',
    description:
      'Shop console (staff only): the catalogue as CSV out and in; an import is previewed, then applied whole or not at all.',
  },
  {
    name: 'admin-low-stock',
    description: 'Shop console (staff only): what is low or out of stock, the fastest sellers first.',
  },
  { name: 'admin-categories', description: 'Shop console (staff only): the category tree and its pictures.' },
  { name: 'admin-banners', description: 'Shop console (staff only): home page banners.' },
  { name: 'admin-flash-sales', description: 'Shop console (staff only): flash sales, times in Nepal time.' },
  { name: 'admin-vouchers', description: 'Shop console (staff only): promo codes and their uses so far.' },
  {
    name: 'admin-search-synonyms',
    description: 'Shop console (staff only): words search treats as the same (curd = dahi).',
  },
  {
    name: 'admin-stations',
    description: 'Shop console (staff only): delivery stations, where they deliver and their charge rule.',
  },
  {
    name: 'admin-orders',
    description:
      'Shop console (staff only): find orders, read them whole, move them along the lifecycle or cancel them.',
  },
  {
    name: 'admin-customers',
    description:
      'Shop console (staff only): find customers, see their orders, disable and re-enable accounts.',
  },
  {
    name: 'admin-riders',
    description:
      'Shop console (staff only): delivery riders, assigning orders to them, and the cash they hand in each day.',
  },
  {
    name: 'rider',
    description:
      'The rider’s screen (delivery riders only): the orders assigned to them, out for delivery, delivered with the cash collected, or handed back.',
  },
  {
    name: 'admin-invoices',
    description:
      'Shop console (staff only): tax invoices, the sales register (CSV per Bikram Sambat month) and the shop details they carry.',
  },
  {
    name: 'admin-audit',
    description: 'Shop console (staff only): every change staff made, before and after.',
  },
  {
    name: 'health',
    description:
      'Whether the server is up (liveness) and can serve requests (readiness: its database answers).',
  },
  {
    name: 'dev',
    description: 'Development aids, absent in production: the messages the shop would have sent.',
  },
];

const DESCRIPTION = `Online grocery and general shop for Nepal.

- **Money** is in rupees as a JSON number with at most 2 decimals.
- **Authentication**: operations marked with a lock take \`Authorization: Bearer <access token>\`
  (from \`login\`); without a valid one they answer 401.
- **Errors** are JSON with a human-readable \`message\`; some add \`detail\`, \`msg\` or field
  errors under \`error\` (\`{"phone": ["…"]}\`). Request bodies are JSON of at most 1 MB unless an
  operation says otherwise.`;

// Every answer outside 2xx goes through the one error handler, so a 4xx that an operation does not
// name (a malformed URL, a body over 1 MB, a content type other than JSON) has the same shape.
const OTHER_CLIENT_ERRORS = '4xx';
const OTHER_CLIENT_ERRORS_TEXT =
  'Any other client error (a malformed URL, a body over 1 MB, an unsupported content type)';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** "Bad Request" rather than fastify-swagger's "Default Response" where a schema has no description. */
function describeResponses(response: unknown): void {
  if (!response || typeof response !== 'object') return;
  for (const [status, schema] of Object.entries(response as Record<string, Record<string, unknown>>)) {
    if (schema.description) continue;
    const text = status === OTHER_CLIENT_ERRORS ? OTHER_CLIENT_ERRORS_TEXT : (STATUS_CODES[status] ?? status);
    // fastify-swagger reads a $ref's sibling `description` (then drops it from the schema), and
    // its own `x-response-description` key on an inline schema.
    schema['$ref' in schema ? 'description' : 'x-response-description'] = text;
  }
}

/** zod → JSON Schema per route, plus the catch-all client error and readable response descriptions. */
function transformRoute(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const { schema } = input;
  // A route without responses keeps fastify-swagger's bare 200, and the lint says what it lacks.
  if (!schema?.response || schema.hide) return jsonSchemaTransform(input);
  const response = { ...(schema.response as object), [OTHER_CLIENT_ERRORS]: errorBody };
  const result = jsonSchemaTransform({ ...input, schema: { ...schema, response } });
  describeResponses(result.schema?.response);
  return result;
}

const SCHEMA_REF = /"#\/components\/schemas\/([^"]+)"/g;

/**
 * Named zod schemas become components, each in an input and an output variant; only those the
 * document refers to (directly or through another component) are kept.
 */
const transformDocument: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as {
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  let pending = [JSON.stringify({ ...document, components: { ...document.components, schemas: {} } })];
  while (pending.length > 0) {
    const found: string[] = [];
    for (const text of pending) {
      for (const [, name] of text.matchAll(SCHEMA_REF)) {
        if (used.has(name) || !(name in schemas)) continue;
        used.add(name);
        found.push(JSON.stringify(schemas[name]));
      }
    }
    pending = found;
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return {
    ...document,
    components: { ...document.components, schemas: kept },
  } as ReturnType<SwaggerTransformObject>;
};

/** OpenAPI 3.1 generated from the routes' zod schemas, browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      // 3.1 is JSON Schema 2020-12: zod's nullable unions map to `type: 'null'` branches exactly.
      openapi: '3.1.0',
      info: {
        title: 'Pasal API',
        description: DESCRIPTION,
        version: '1.0.0',
        license: { name: 'Proprietary (all rights reserved)', identifier: 'LicenseRef-Proprietary' },
      },
      // Relative: the API is served by the same server as this document and the storefront.
      servers: [{ url: '/', description: 'This server' }],
      tags: API_TAGS,
      // Public unless an operation asks for a bearer token itself.
      security: [],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: `The \`access_token\` from login; it lasts ${ACCESS_TOKEN_SECONDS / 60} minutes, then use token refresh.`,
          },
        },
      },
    },
    transform: transformRoute,
    transformObject: transformDocument,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
