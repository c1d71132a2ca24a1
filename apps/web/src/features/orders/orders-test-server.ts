import type { Cancellation, DeliveredProduct, Order } from '@pasal/contract/orders';
import { type AxiosAdapter, AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { apiClient, publicClient } from '../../lib/api-client';

/**
 * A stand-in for the orders, payments and reviews routes (docs/decisions/012), behind the
 * storefront's real HTTP client, for tests of what the order screens send and show.
 */
export function order(overrides: Partial<Order> & { id: number }): Order {
  return {
    tracking_id: `PSL${String(overrides.id).padStart(10, '0')}`,
    created_at: '2026-03-05T10:00:00.000Z',
    order_status: 'Order Processing',
    total: 250,
    subtotal: 200,
    discount: 0,
    delivery_charge: 50,
    voucher_code: null,
    notes: '',
    slot: null,
    shipping_address: {
      address_type: 'Home',
      full_name: 'Sita Sharma',
      phone: '9800000001',
      location: 'Baneshwor',
      land_mark: '',
      municipality: 'Kathmandu',
      district: 'Kathmandu',
      province: 'Bagmati',
      municipality_ne: 'काठमाडौं',
      district_ne: 'काठमाडौं',
      province_ne: 'बागमती',
      nearest_branch: null,
    },
    lines: [
      {
        id: overrides.id * 10,
        product_id: 7,
        product_slug: 'basmati-rice',
        title: 'Basmati Rice 1 kg',
        image: '/media/rice.webp',
        quantity: 2,
        price: 100,
        marked_price: 120,
        line_total: 200,
      },
    ],
    can_cancel: (overrides.order_status ?? 'Order Processing') === 'Order Processing',
    can_pay: false,
    delivered_at: null,
    payment_method: 'cash',
    payment_status: 'Unpaid',
    payment_completed: false,
    payment_reference: null,
    refunded_at: null,
    ...overrides,
  };
}

export function delivered(overrides: Partial<DeliveredProduct> & { id: number }): DeliveredProduct {
  return {
    slug: `product-${overrides.id}`,
    title: `Product ${overrides.id}`,
    short_description: 'Fresh from the farm',
    selling_price: 80,
    marked_price: 100,
    created_on: '2026-02-01T08:00:00.000Z',
    primary_image: null,
    order_id: 1,
    quantity: 1,
    reviewed: false,
    ...overrides,
  };
}

type Answer = { status: number; body: unknown };

export function ordersServer(state: {
  orders?: Order[];
  count?: number;
  delivered?: DeliveredProduct[];
  cancellations?: Cancellation[];
}) {
  const calls: { method: string; url: string; params?: unknown; body?: unknown; cacheControl?: string }[] =
    [];
  const overrides: { match: RegExp; answer: Answer }[] = [];

  function handle(method: string, url: string, body: { reason?: string; provider?: string }): Answer {
    if (method === 'get' && url === '/order/list/') {
      const results = state.orders ?? [];
      return {
        status: 200,
        body: {
          count: state.count ?? results.length,
          page_size: 10,
          links: { next: null, previous: null },
          results,
        },
      };
    }
    if (method === 'get' && url === '/list/ordered/products/')
      return { status: 200, body: state.delivered ?? [] };
    if (method === 'get' && url === '/list/order/cancellation/') {
      const results = state.cancellations ?? [];
      return { status: 200, body: { count: results.length, next: null, previous: null, results } };
    }
    const cancel = /^\/order\/cancel\/(\d+)\/$/.exec(url);
    if (method === 'post' && cancel) {
      const found = state.orders?.find((o) => o.id === Number(cancel[1]));
      if (!found) return { status: 404, body: { message: 'Order not found.' } };
      const done = { ...found, order_status: 'Cancelled' as const, can_cancel: false, can_pay: false };
      state.orders = state.orders?.map((o) => (o.id === done.id ? done : o));
      return {
        status: 200,
        body: {
          message: 'Your order has been cancelled.',
          order: { ...done, history: [], cancellation: null },
        },
      };
    }
    const retry = /^\/payments\/(\d+)\/retry\/$/.exec(url);
    if (method === 'post' && retry)
      return {
        status: 200,
        body: {
          order_id: Number(retry[1]),
          provider: body.provider,
          reference: 'ref-1',
          next: { type: 'redirect', url: `/dev/khalti/pay?pidx=abc` },
        },
      };
    const review = /^\/product\/(\d+)\/review\/$/.exec(url);
    if (method === 'post' && review)
      return {
        status: 201,
        body: {
          message: 'Thank you for your review!',
          review: {},
          product: { id: Number(review[1]), rating: 4, rating_count: 1 },
        },
      };
    if (method === 'get' && url.startsWith('/product/detail/')) return { status: 200, body: { data: {} } };
    return { status: 404, body: { message: `No route ${method} ${url}` } };
  }

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toLowerCase();
    const url = config.url ?? '';
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    const cacheControl = config.headers?.get?.('Cache-Control');
    calls.push({
      method,
      url,
      params: config.params,
      body,
      ...(typeof cacheControl === 'string' ? { cacheControl } : {}),
    });
    const at = overrides.findIndex((o) => o.match.test(`${method.toUpperCase()} ${url}`));
    const answer = at >= 0 ? overrides.splice(at, 1)[0].answer : handle(method, url, body ?? {});
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
  const previousPublic = publicClient.defaults.adapter;
  apiClient.defaults.adapter = adapter;
  publicClient.defaults.adapter = adapter;
  return {
    calls,
    /** The next request matching "METHOD /path" gets this answer instead (once). */
    answerNext(match: RegExp, answer: Answer) {
      overrides.push({ match, answer });
    },
    restore() {
      apiClient.defaults.adapter = previous;
      publicClient.defaults.adapter = previousPublic;
    },
  };
}
