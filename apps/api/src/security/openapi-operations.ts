import type { FastifyInstance } from 'fastify';

// The operations of the app's own OpenAPI document, as the security tests walk them: a route added
// tomorrow is fuzzed and must be classified in the access matrix the day it appears.

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  $ref?: string;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The documented path, `{name}` for each path parameter. */
  path: string;
  operationId: string;
  tags: string[];
  needsToken: boolean;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes JSON. */
  body?: JsonSchema;
  /** Takes multipart/form-data (an image upload): documented in the summary, not as a body. */
  multipart: boolean;
}

interface Document {
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface RawOperation {
  operationId: string;
  tags?: string[];
  summary?: string;
  security?: unknown[];
  parameters?: { name: string; in: Parameter['in']; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

function resolver(document: Document) {
  const resolve = (schema: JsonSchema, depth = 0): JsonSchema => {
    if (depth > 20) return {};
    if (schema.$ref) {
      const name = schema.$ref.replace('#/components/schemas/', '');
      return resolve(document.components?.schemas?.[name] ?? {}, depth + 1);
    }
    const out: JsonSchema = { ...schema };
    if (schema.properties) {
      out.properties = Object.fromEntries(
        Object.entries(schema.properties).map(([key, value]) => [key, resolve(value, depth + 1)]),
      );
    }
    if (schema.items) out.items = resolve(schema.items, depth + 1);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      if (schema[key]) out[key] = schema[key]?.map((part) => resolve(part, depth + 1));
    }
    return out;
  };
  return resolve;
}

export async function loadOperations(app: FastifyInstance): Promise<Operation[]> {
  const answer = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (answer.statusCode !== 200) throw new Error(`/api/docs/json answered ${answer.statusCode}`);
  const document = answer.json<Document>();
  const resolve = resolver(document);
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, raw]) => {
      const json = raw.requestBody?.content['application/json']?.schema;
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        operationId: raw.operationId,
        tags: raw.tags ?? [],
        needsToken: (raw.security?.length ?? 0) > 0,
        parameters: (raw.parameters ?? []).map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          required: parameter.required ?? parameter.in === 'path',
          schema: resolve(parameter.schema ?? {}),
        })),
        body: json ? resolve(json) : undefined,
        multipart: /multipart\/form-data/i.test(raw.summary ?? ''),
      };
    }),
  );
}

/** The operation's URL with its path parameters filled in (each value URL-encoded). */
export function urlOf(operation: Operation, pathValues: Record<string, string>, query = ''): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) =>
    // A lone surrogate cannot be percent-encoded: it travels as U+FFFD, as a browser sends it.
    encodeURIComponent((pathValues[name] ?? '1').replace(/[\ud800-\udfff]/gu, '\ufffd')),
  );
  return query ? `${path}?${query}` : path;
}
