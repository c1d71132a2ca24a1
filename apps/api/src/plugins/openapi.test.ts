import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';

// The document at /api/docs/json, checked against the app that serves it: whatever routes exist
// (new ones included) must describe themselves the way the brief asks.

interface Operation {
  summary?: string;
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<
    string,
    { content?: Record<string, { schema?: { $ref?: string; anyOf?: { $ref?: string }[] } }> }
  >;
}
interface Document {
  openapi: string;
  tags?: { name: string; description?: string }[];
  security?: unknown[];
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let webDir: string;
let doc: Document;
let operations: { method: string; path: string; op: Operation; label: string }[];

beforeAll(async () => {
  // A built storefront, so the static file routes exist and can be seen to stay out of the document.
  webDir = mkdtempSync(join(tmpdir(), 'pasal-openapi-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Pasal</title>');
  t = await buildTestApp({ WEB_DIST: webDir });
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  doc = response.json<Document>();
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      method,
      path,
      op,
      label: `${method.toUpperCase()} ${path}`,
    })),
  );
});

afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const bearer = (op: Operation) => (op.security ?? []).some((requirement) => 'bearerAuth' in requirement);

describe('the API document', () => {
  test('is OpenAPI 3.1, public unless an operation says otherwise, and lists only API routes', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.security).toEqual([]);
    expect(operations.length).toBeGreaterThanOrEqual(28);
    const paths = Object.keys(doc.paths);
    // Static files (/media/, the storefront) and the docs' own pages stay out.
    expect(paths.filter((path) => !path.startsWith('/api/') || path.startsWith('/api/docs'))).toEqual([]);
    expect(operations.filter(({ method }) => method === 'head')).toEqual([]);
  });

  test('gives every operation a summary, a unique camelCase operationId and one declared tag', () => {
    const declared = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]));
    const seen = new Set<string>();
    for (const { op, label } of operations) {
      expect(op.summary?.trim(), `${label}: summary`).toBeTruthy();
      expect(op.operationId, `${label}: operationId`).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(seen.has(op.operationId!), `${label}: operationId ${op.operationId} used twice`).toBe(false);
      seen.add(op.operationId!);
      expect(op.tags, `${label}: one tag`).toHaveLength(1);
      const [tag] = op.tags!;
      // New resources: add the tag with a description to API_TAGS in src/plugins/openapi.ts.
      expect(declared.get(tag), `${label}: tag "${tag}" declared with a description`).toBeTruthy();
    }
  });

  test('declares bearer security exactly on the operations that refuse an anonymous caller', async () => {
    for (const { method, path, op, label } of operations) {
      // Authentication runs in onRequest, before the body is read, so any body will do.
      const withBody = ['post', 'put', 'patch'].includes(method);
      const response = await t.app.inject({
        method: method.toUpperCase() as HTTPMethods,
        url: path.replace(/\{[^}]+\}/g, '1'),
        ...(withBody ? { payload: {} } : {}),
      });
      const refused = response.statusCode === 401;
      expect(bearer(op), `${label}: answered ${response.statusCode} without a token`).toBe(refused);
      if (refused) expect(Object.keys(op.responses), `${label}: documents its 401`).toContain('401');
    }
  });

  test('operations with bearer security refuse a forged token too', async () => {
    for (const { method, path, op, label } of operations.filter(({ op }) => bearer(op))) {
      expect(op.security, label).toEqual([{ bearerAuth: [] }]);
      const response = await t.app.inject({
        method: method.toUpperCase() as HTTPMethods,
        url: path.replace(/\{[^}]+\}/g, '1'),
        headers: { authorization: 'Bearer not-a-token' },
      });
      expect(response.statusCode, label).toBe(401);
    }
  });

  test('documents a 400 wherever the request has a body, path or query parameters', () => {
    for (const { op, label } of operations) {
      if (op.requestBody || (op.parameters?.length ?? 0) > 0) {
        expect(Object.keys(op.responses), label).toContain('400');
      }
    }
  });

  test('gives every error answer the one error shape', () => {
    for (const { op, label } of operations) {
      const errors = Object.entries(op.responses).filter(([status]) => /^[45]/.test(status));
      expect(
        errors.map(([status]) => status),
        label,
      ).toContain('4XX');
      for (const [status, response] of errors) {
        if (status === '503' && label === 'GET /api/health/ready') continue; // the health body says what is down
        // The error shape itself, or a union that keeps it beside a richer error (a refused promo code).
        const schema = response.content?.['application/json']?.schema;
        const refs = [schema?.$ref, ...(schema?.anyOf ?? []).map((s) => s.$ref)];
        expect(refs, `${label} ${status}`).toContain('#/components/schemas/ErrorBody');
      }
    }
  });
});
