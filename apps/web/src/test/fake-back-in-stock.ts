import type { BackInStockEntry } from '@pasal/contract/back-in-stock';
import { type AxiosAdapter, AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '../lib/api-client';
import { product } from './fake-shop-server';

/**
 * A stand-in for the API's back-in-stock routes behind the storefront's real HTTP client (tests
 * only): open requests in memory, the server's refusals for an unverified e-mail and a product in stock.
 */
export function fakeBackInStock(options: { emailVerified?: boolean; inStock?: number[] } = {}) {
  let entries: BackInStockEntry[] = [];
  let nextId = 1;
  const calls: string[] = [];

  const entry = (id: number, productId: number, channel: 'sms' | 'email'): BackInStockEntry => ({
    id,
    product: productId,
    item: product({ id: productId, title: `Product ${productId}`, price: 100, stock: 0 }),
    channel,
    created_at: '2026-11-26T08:00:00.000Z',
  });

  function handle(method: string, url: string, body: { product: number; channel: 'sms' | 'email' }) {
    if (method === 'get' && url === '/list/back-in-stock/')
      return { status: 200, body: { results: entries } };
    if (method === 'post' && url === '/create/back-in-stock/') {
      const open = entries.find((e) => e.product === body.product);
      if (open) return { status: 200, body: open };
      if (options.inStock?.includes(body.product))
        return { status: 409, body: { message: 'This product is in stock now: you can order it.' } };
      if (body.channel === 'email' && !options.emailVerified)
        return {
          status: 400,
          body: {
            message: 'Your e-mail address is not verified yet. Verify it in your profile, or choose SMS.',
          },
        };
      const created = entry(nextId++, body.product, body.channel);
      entries = [created, ...entries];
      return { status: 201, body: created };
    }
    const removal = /^\/update\/back-in-stock\/(\d+)\/$/.exec(url);
    if (method === 'delete' && removal) {
      const id = Number(removal[1]);
      if (!entries.some((e) => e.id === id))
        return { status: 404, body: { message: 'Notification request not found' } };
      entries = entries.filter((e) => e.id !== id);
      return { status: 200, body: { id, message: 'We will not notify you about this product.' } };
    }
    return { status: 404, body: { message: `No route ${method} ${url}` } };
  }

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toLowerCase();
    const url = config.url ?? '';
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    calls.push(`${method.toUpperCase()} ${url}${body ? ` ${JSON.stringify(body)}` : ''}`);
    const answer = handle(method, url, body);
    const response: AxiosResponse = {
      data: answer.body,
      status: answer.status,
      statusText: String(answer.status),
      headers: {},
      config,
    };
    if (answer.status >= 400)
      throw new AxiosError(
        `Request failed with status code ${answer.status}`,
        'ERR_BAD_REQUEST',
        config,
        null,
        response,
      );
    return response;
  };
  const previous = apiClient.defaults.adapter;
  apiClient.defaults.adapter = adapter;

  return {
    calls,
    /** An open request made elsewhere (another tab, an earlier visit). */
    seed(productId: number, channel: 'sms' | 'email') {
      entries = [entry(nextId++, productId, channel), ...entries];
    },
    get entries() {
      return entries;
    },
    restore() {
      apiClient.defaults.adapter = previous;
    },
  };
}
