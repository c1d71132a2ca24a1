import { randomUUID } from 'node:crypto';
import type { DeliverySlotsResponse } from '@pasal/contract/delivery-slots';
import { BENCH_PRODUCT_SLUG } from './order-fixtures';
import { searchWorkload } from './search-workload';

// What `npm run bench` loads. Each endpoint prepares one request against the running server (log
// in, look up an id) and may vary it per request; `prepare` answers undefined to skip an endpoint
// the server does not have yet, so adding one is a few lines here.

export const API = '/api/ecommerce';
// What Chromium sends: the shop answers brotli to browsers, so the bench measures that.
const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd' };

export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /**
   * Paths taken in turn, one a request (the varied search workload: no two requests alike, so no
   * cache answers); `path` is the first. The bench says when a run went through them all.
   */
  paths?: string[];
  /** Changes each request before it is sent (autocannon's setupRequest), e.g. a fresh Idempotency-Key. */
  perRequest?: (request: { headers: Record<string, string> }) => { headers: Record<string, string> };
}

export interface BenchContext {
  baseUrl: string;
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
}

export interface BenchEndpoint {
  name: string;
  prepare(ctx: BenchContext): Promise<BenchRequest | undefined>;
}

const get = (path: string): BenchRequest => ({ method: 'GET', path, headers: { ...BROWSER_HEADERS } });

const varied = (paths: string[]): BenchRequest => ({ ...get(paths[0]), paths });

/**
 * Detail paths of products spread over the whole catalogue (150 pages of the plain list, evenly
 * apart): a different product each request, as real traffic asks, so no cached answer serves it.
 */
async function spreadDetailPaths(ctx: BenchContext): Promise<string[]> {
  const size = 60;
  const list = async (page: number) =>
    (await (await ctx.call('GET', `${API}/products?page=${page}&page_size=${size}`)).json()) as {
      count: number;
      results: { slug: string }[];
    };
  const { count } = await list(1);
  const pages = Math.max(1, Math.ceil(count / size));
  const wanted = [...new Set(Array.from({ length: 150 }, (_, i) => 1 + Math.floor((i * pages) / 150)))];
  const slugs: string[] = [];
  for (const page of wanted) for (const p of (await list(page)).results) slugs.push(p.slug);
  return [...new Set(slugs)].map((slug) => `${API}/product/detail/${encodeURIComponent(slug)}/`);
}

async function firstCategoryId(ctx: BenchContext): Promise<number> {
  const body = (await (await ctx.call('GET', `${API}/category/featured`)).json()) as {
    data: { results: { id: number }[] };
  };
  const first = body.data.results[0];
  if (!first) throw new Error('The catalogue has no featured category');
  return first.id;
}

// The demo customer (DECISIONS.md §5) for the endpoints that need a session.
async function demoCustomerToken(ctx: BenchContext): Promise<string> {
  const res = await ctx.call('POST', `${API}/login/`, {
    phone_or_email: '9800000001',
    password: 'Demo@1234',
  });
  if (!res.ok) throw new Error(`Logging in as the demo customer failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The product the bench stocked for the cart and checkout (order-fixtures.ts). */
async function productInStock(ctx: BenchContext): Promise<number> {
  const res = await ctx.call('GET', `${API}/product/detail/${BENCH_PRODUCT_SLUG}/`);
  return ((await res.json()) as { data: { product: { id: number } } }).data.product.id;
}

export const benchEndpoints: BenchEndpoint[] = [
  // The smallest answer: what the server costs per request before any work.
  { name: 'health', prepare: async () => get('/api/health') },
  { name: 'home data', prepare: async () => get(`${API}/home/data/`) },
  {
    name: 'category products',
    prepare: async (ctx) => get(`${API}/category/product/${await firstCategoryId(ctx)}`),
  },
  // A demo product with reviews and a full row of related products.
  { name: 'product detail', prepare: async () => get(`${API}/product/detail/jeera-masino-rice-25kg/`) },
  // Issue 28: product detail with a different product each request.
  { name: 'varied detail', prepare: async (ctx) => varied(await spreadDetailPaths(ctx)) },
  { name: 'two-word search', prepare: async () => get(`${API}/products?q=basmati%20rice`) },
  // Issue 22's targets: a different search (English, Devanagari, romanised, typos, filters) or
  // prefix each request (bench/search-workload.ts).
  { name: 'varied search', prepare: async () => varied(searchWorkload(API).searches) },
  { name: 'varied suggest', prepare: async () => varied(searchWorkload(API).suggestions) },
  {
    name: 'cart add',
    async prepare(ctx) {
      const token = await demoCustomerToken(ctx);
      const request: BenchRequest = {
        method: 'POST',
        path: `${API}/cart/add/`,
        headers: { ...BROWSER_HEADERS, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ cart_products: [{ product: await productInStock(ctx), quantity: 1 }] }),
      };
      const probe = await ctx.call(request.method, request.path, JSON.parse(request.body!), request.headers);
      if (probe.status === 404) return undefined;
      if (!probe.ok) throw new Error(`A bench cart add failed: ${probe.status} ${await probe.text()}`);
      return request;
    },
  },
  {
    name: 'checkout',
    // Each order carries its own Idempotency-Key (DECISIONS.md §4), cash, one unit, to the demo
    // customer's address (order-fixtures.ts). The bench checks the stock afterwards (no oversell).
    async prepare(ctx) {
      const token = await demoCustomerToken(ctx);
      const auth = { authorization: `Bearer ${token}` };
      const addresses = await ctx.call('GET', `${API}/order/address/list/`, undefined, auth);
      if (!addresses.ok) return undefined;
      const list = ((await addresses.json()) as { data?: { id: number }[] }).data ?? [];
      if (list.length === 0) return undefined;
      // The demo stations offer delivery slots: the earliest open one, as checkout preselects it.
      const slots = await ctx.call(
        'GET',
        `${API}/order/delivery-slots/?address_id=${list[0].id}`,
        undefined,
        auth,
      );
      if (!slots.ok) throw new Error(`The bench could not list delivery slots: ${slots.status}`);
      const options = ((await slots.json()) as DeliverySlotsResponse).data.slots;
      const open = options.find((option) => option.available);
      if (options.length > 0 && !open)
        throw new Error('Every delivery slot of the bench address is full or closed');
      const body = {
        product_id: [await productInStock(ctx)],
        qtys: [1],
        location: list[0].id,
        voucher_code: '',
        payment_method: 'cash',
        ...(open ? { slot: { id: open.id, date: open.date } } : {}),
      };
      const probe = await ctx.call('POST', `${API}/checkout/`, body, {
        ...auth,
        'idempotency-key': randomUUID(),
      });
      if (probe.status === 404) return undefined;
      if (probe.status !== 201)
        throw new Error(`A bench checkout failed: ${probe.status} ${await probe.text()}`);
      return {
        method: 'POST',
        path: `${API}/checkout/`,
        headers: { ...BROWSER_HEADERS, ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        perRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'idempotency-key': randomUUID() },
        }),
      };
    },
  },
];
