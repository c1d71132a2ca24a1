import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { productImages } from '../db/schema/catalogue';
import { nextAddress } from '../modules/auth/auth-test-helpers';
import { seedLocations } from '../seed/locations';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import {
  addCartLine,
  createAddress,
  createDeliveredOrder,
  createDeliveryStation,
  createFlashSale,
  createProduct,
  createUser,
  createVoucher,
} from '../test/factories';
import { newShopper, type Shopper } from '../test/shopper';
import { newStaff, type StaffMember } from '../test/staff';
import { changedTables, tableChecksums, tableNames } from './database-checksum';
import { type FuzzRequest, requestsFor } from './malformed-requests';
import { loadOperations, type Operation } from './openapi-operations';

// Every operation of the OpenAPI document gets generated hostile requests (see malformed-requests.ts).
// No answer may be a 5xx; every refusal is a 4xx with a message; and a refused request changes
// nothing in the database (every table's rows are digested after each request). The one exception
// is by design: a refused sign-in, OTP, account lookup or promo code try counts against its throttle
// (rate_limits), or guessing would be free.
// A promo code tried at checkout counts as one tried at /voucher/apply/ (decision 038).
const THROTTLED_TRIES = new Set(['applyVoucher', 'placeOrder']);

/** Fixed, so a failure is reproduced by running the test again; FUZZ_SEED overrides it. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 12);
/** One operation only (its operationId), to reproduce a failure quickly. */
const ONLY = process.env.FUZZ_ONLY;

let t: TestApp;
let customer: Shopper;
let staff: StaffMember;
let operations: Operation[];
const known: Record<string, string[]> = {};

beforeAll(async () => {
  t = await buildTestApp();
  await seedLocations(t.db);
  customer = await newShopper(t.app, t.db);
  staff = await newStaff(t.app, t.db);
  const bystander = await createUser(t.db);
  const product = await createProduct(t.db);
  const other = await createProduct(t.db, { categoryId: product.categoryId });
  const [image] = await t.db.select().from(productImages).where(eq(productImages.productId, product.id));
  const address = await createAddress(t.db, customer.id);
  const order = await createDeliveredOrder(t.db, customer.id, [{ product }]);
  await addCartLine(t.db, customer.id, other.id, 1);
  const voucher = await createVoucher(t.db);
  const sale = await createFlashSale(t.db, other.id);
  const station = await createDeliveryStation(t.db, [
    { municipalityId: address.municipalityId, distanceKm: '3' },
  ]);
  Object.assign(known, {
    categoryId: [String(product.categoryId)],
    slug: [product.slug],
    product: [String(other.id)],
    productId: [String(product.id)],
    imageId: [String(image.id)],
    provinceId: [String(address.provinceId)],
    districtId: [String(address.districtId)],
    id: [String(address.id), String(order.id)],
    orderId: [String(order.id)],
    reference: [order.trackingId],
    voucherId: [String(voucher.id)],
    flashSaleId: [String(sale.id)],
    stationId: [String(station.id)],
    customerId: [String(bystander.id)],
  });
  operations = await loadOperations(t.app);
});

afterAll(async () => {
  await t?.close();
});

function tokenFor(operation: Operation): string | undefined {
  if (!operation.needsToken) return undefined;
  return operation.path.startsWith('/api/admin/') ? staff.token : customer.token;
}

interface Failure {
  operation: string;
  request: string;
  status: number;
  problem: string;
}

function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : ` ${request.headers['content-type']} ${String(request.payload).slice(0, 160)}`;
  return `[${request.kind}] ${request.method} ${request.url.slice(0, 200)}${payload}`;
}

describe('fuzzing every operation of the OpenAPI document', () => {
  test(
    'no 5xx, every refusal a 4xx with a message, and a refused request changes nothing',
    async () => {
      const tables = await tableNames(t.db);
      let snapshot = await tableChecksums(t.db, tables);
      const failures: Failure[] = [];
      const statuses = new Map<string, number>();
      let sent = 0;
      for (const [index, operation] of operations.entries()) {
        if (ONLY && operation.operationId !== ONLY) continue;
        const requests = fc.sample(
          requestsFor(operation, known, tokenFor(operation), {
            customerId: [String(customer.id), String(staff.id)],
          }),
          {
            seed: SEED + index,
            numRuns: PER_OPERATION,
          },
        );
        for (const request of requests) {
          const answer = await t.app.inject({
            method: request.method as HTTPMethods,
            url: request.url,
            headers: request.headers,
            remoteAddress: nextAddress(),
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          sent += 1;
          const status = answer.statusCode;
          const group = `${Math.floor(status / 100)}xx`;
          statuses.set(group, (statuses.get(group) ?? 0) + 1);
          const after = await tableChecksums(t.db, tables);
          const fail = (problem: string) =>
            failures.push({
              operation: operation.operationId,
              request: describeRequest(request),
              status,
              problem,
            });
          if (status >= 500) fail(`answered ${status}: ${answer.body.slice(0, 200)}`);
          if (status >= 400) {
            let message: unknown;
            try {
              message = answer.json<{ message?: unknown }>().message;
            } catch {
              message = undefined;
            }
            if (typeof message !== 'string' || message.length === 0)
              fail(`no message: ${answer.body.slice(0, 200)}`);
            const changed = changedTables(snapshot, after).filter(
              (table) =>
                !(
                  table === 'rate_limits' &&
                  (operation.tags.includes('auth') || THROTTLED_TRIES.has(operation.operationId))
                ),
            );
            if (changed.length > 0) fail(`refused, yet changed ${changed.join(', ')}`);
          }
          snapshot = after;
        }
      }
      console.info(
        `fuzz: ${sent} requests over ${operations.length} operations (seed ${SEED}); ${[...statuses]
          .sort()
          .map(([group, n]) => `${group}: ${n}`)
          .join(', ')}`,
      );
      expect(failures.slice(0, 40)).toEqual([]);
      expect(sent).toBe(ONLY ? PER_OPERATION : operations.length * PER_OPERATION);
      // The tokens still work: the operations behind authentication were really reached.
      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/ecommerce/profile/',
        headers: { authorization: `Bearer ${customer.token}` },
      });
      expect(profile.statusCode).toBe(200);
      const dashboard = await t.app.inject({
        method: 'GET',
        url: '/api/admin/dashboard/',
        headers: { authorization: `Bearer ${staff.token}` },
      });
      expect(dashboard.statusCode).toBe(200);
    },
    Math.max(300_000, PER_OPERATION * 25_000),
  );

  test('hostile requests below the operations: methods, headers, URLs, media paths', async () => {
    const bearer = { authorization: `Bearer ${customer.token}` };
    const requests: { label: string; method: string; url: string; headers?: Record<string, string> }[] = [
      {
        label: 'a path parameter of 3000 characters',
        method: 'GET',
        url: `/api/ecommerce/product/detail/${'a'.repeat(3000)}/`,
      },
      {
        label: 'a query of 100 000 characters',
        method: 'GET',
        url: `/api/ecommerce/products?q=${'a'.repeat(100_000)}`,
      },
      {
        label: 'a bearer token of 100 000 characters',
        method: 'GET',
        url: '/api/ecommerce/cart/',
        headers: { authorization: `Bearer ${'a'.repeat(100_000)}` },
      },
      {
        label: 'an unsigned token (alg none)',
        method: 'GET',
        url: '/api/ecommerce/cart/',
        headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJ1c2VyX2lkIjoxfQ.' },
      },
      {
        label: 'basic authentication',
        method: 'GET',
        url: '/api/ecommerce/cart/',
        headers: { authorization: 'Basic YTpi' },
      },
      {
        label: 'two content types',
        method: 'POST',
        url: '/api/ecommerce/login/',
        headers: { 'content-type': 'application/json, text/plain' },
      },
      { label: 'OPTIONS', method: 'OPTIONS', url: '/api/ecommerce/login/' },
      { label: 'TRACE', method: 'TRACE', url: '/api/ecommerce/cart/', headers: bearer },
      { label: 'an unknown method', method: 'PROPFIND', url: '/api/ecommerce/cart/', headers: bearer },
      {
        label: 'a broken Accept-Encoding',
        method: 'GET',
        url: '/api/ecommerce/category/all',
        headers: { 'accept-encoding': 'br;q=abc, gzip;q=-1, *' },
      },
      {
        label: 'an encoded path traversal under /media',
        method: 'GET',
        url: '/media/..%2f..%2fetc%2fpasswd',
      },
      { label: 'a NUL in a media path', method: 'GET', url: '/media/a%00.webp' },
      {
        label: 'bad percent-encoding in the path',
        method: 'GET',
        url: '/api/ecommerce/product/detail/%E0%A4%A/',
      },
      { label: 'an unknown API path', method: 'GET', url: '/api/nope' },
    ];
    for (const request of requests) {
      const answer = await t.app.inject({
        method: request.method as HTTPMethods,
        url: request.url,
        headers: request.headers,
        ...(request.method === 'POST' ? { payload: '{}' } : {}),
      });
      expect(answer.statusCode, request.label).toBeLessThan(500);
      if (answer.statusCode >= 400) expect(answer.json().message, request.label).toBeTruthy();
    }
  });
});
