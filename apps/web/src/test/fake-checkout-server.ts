import type { Address } from '@pasal/contract/addresses';
import { KEY_REUSED, PRICES_CHANGED } from '@pasal/contract/checkout';
import { type AxiosAdapter, AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { apiClient, publicClient } from '../lib/api-client';
import { type FakeProduct, fakeShop } from './fake-shop-server';

/**
 * A stand-in for the API's address, location, delivery, checkout and payment routes
 * (docs/decisions/008, 009, 012), layered over the cart's fake shop, behind the storefront's real
 * HTTP clients. Orders take the bought lines out of the fake server cart, as the server does.
 */

const NO_STATIONS = 'No service stations available for this location.';

export const PROVINCES = [
  { id: 3, name: 'Bagmati', name_ne: 'बागमती' },
  { id: 4, name: 'Gandaki', name_ne: 'गण्डकी' },
];
export const DISTRICTS: Record<number, { id: number; name: string; name_ne: string; province_id: number }[]> =
  {
    3: [
      { id: 27, name: 'Kathmandu', name_ne: '', province_id: 3 },
      { id: 28, name: 'Lalitpur', name_ne: '', province_id: 3 },
    ],
    4: [{ id: 40, name: 'Kaski', name_ne: '', province_id: 4 }],
  };
export const MUNICIPALITIES: Record<number, { id: number; name: string; district_id: number }[]> = {
  27: [
    { id: 301, name: 'Kathmandu Metropolitan City', district_id: 27 },
    { id: 302, name: 'Kirtipur Municipality', district_id: 27 },
  ],
  28: [{ id: 310, name: 'Lalitpur Metropolitan City', district_id: 28 }],
  40: [{ id: 401, name: 'Pokhara Metropolitan City', district_id: 40 }],
};
/** Local level → stations serving it; Kirtipur has none. */
export const STATIONS: Record<number, { id: number; name: string; address: string; distance: number }[]> = {
  301: [{ id: 1, name: 'Kathmandu Hub', address: 'Baneshwor', distance: 2.5 }],
  302: [],
  310: [{ id: 2, name: 'Patan Hub', address: 'Pulchowk', distance: 6 }],
  401: [{ id: 3, name: 'Pokhara Hub', address: 'Lakeside', distance: 4 }],
};

const PLACE_NAMES: Record<number, string> = { 3: 'Bagmati', 4: 'Gandaki' };
const nameOf = (list: { id: number; name: string }[], id: number) =>
  list.find((x) => x.id === id)?.name ?? '';

/** A saved address in the server's answer shape. */
export function savedAddress(id: number, over: Partial<Address> = {}): Address {
  return {
    id,
    address_type: 'Home',
    location: `Street ${id}`,
    land_mark: '',
    province: 'Bagmati',
    province_ne: 'बागमती',
    province_id: 3,
    district: 'Kathmandu',
    district_ne: 'काठमाडौं',
    district_id: 27,
    municipality: 'Kathmandu Metropolitan City',
    municipality_ne: 'काठमाडौं महानगरपालिका',
    municipality_id: 301,
    nearest_branch: null,
    nearest_branch_id: null,
    full_name: `Person ${id}`,
    phone: '9800000009',
    is_default: false,
    is_deliverable: true,
    ...over,
  };
}

type Answer = { status: number; body?: unknown };
type Failure = 'network' | 'lost' | Answer;

interface OrderRecord {
  id: number;
  total: number;
  method: 'cash' | 'esewa' | 'khalti';
  status: 'Unpaid' | 'Pending' | 'Paid' | 'Refund due';
  orderStatus: string;
  attempts: { provider: 'esewa' | 'khalti'; status?: string }[];
  /**
   * What the wallet says when POST /payments/{id}/check/ asks about the latest attempt: paid
   * there, or nothing paid (eSewa closes it, the order is Unpaid again). Unset: nothing changes.
   */
  walletSays?: 'paid' | 'nothing';
}

export function fakeCheckout(products: FakeProduct[]) {
  const shop = fakeShop(products);
  const inner = apiClient.defaults.adapter as AxiosAdapter;
  const previousPublic = publicClient.defaults.adapter;
  let addresses: Address[] = [];
  let nextAddress = 500;
  let nextOrder = 9000;
  /** Delivery charge by address id (rupees); unlisted: 50. */
  const charges = new Map<number, number>();
  const wallets = { esewa: true, khalti: true };
  const orders = new Map<number, OrderRecord>();
  /** Like the API's idempotency keys: the body each was first used with, and its answer. */
  const keys = new Map<string, { body: string; answer: Answer }>();
  const checkoutCalls: { body: Record<string, unknown>; key: string | undefined }[] = [];
  /** "METHOD url" of every request these routes answered. */
  const calls: string[] = [];
  const failures: { match: RegExp; failure: Failure }[] = [];
  let gate: Promise<void> = Promise.resolve();

  const paymentOf = (o: OrderRecord) => ({
    order_id: o.id,
    tracking_id: `PSL${o.id}`,
    order_status: o.orderStatus,
    total_amount: o.total,
    payment_method: o.method,
    payment_status: o.status,
    payment_completed: o.status === 'Paid',
    payment_reference: o.status === 'Paid' ? 'TX-1' : null,
    can_pay: o.method !== 'cash' && o.status !== 'Paid',
    attempts: o.attempts.map((a, i) => ({
      attempt: i + 1,
      provider: a.provider,
      reference: `PSL-${o.id}-${i + 1}`,
      status: a.status ?? 'failed',
      amount: o.total,
      created_at: '2026-01-01T00:00:00Z',
      confirmed_at: null,
    })),
  });

  const nextOf = (provider: 'esewa' | 'khalti', id: number) =>
    provider === 'esewa'
      ? {
          type: 'form' as const,
          method: 'POST' as const,
          url: 'http://wallet.test/esewa/form',
          fields: { transaction_uuid: `PSL-${id}`, total_amount: '1' },
        }
      : { type: 'redirect' as const, url: `http://wallet.test/khalti/pay?pidx=${id}` };

  function checkout(body: Record<string, unknown>): Answer {
    const ids = body.product_id as number[];
    const qtys = body.qtys as number[];
    const address = addresses.find((a) => a.id === body.location);
    if (!address) return { status: 404, body: { message: 'Address not found.', msg: 'Address not found.' } };
    if (!address.is_deliverable) return { status: 400, body: { message: NO_STATIONS, msg: NO_STATIONS } };
    let subtotal = 0;
    for (const [i, id] of ids.entries()) {
      const p = products.find((x) => x.id === id);
      if (!p || p.stock < qtys[i]) {
        const message = `${p?.title}: Only ${p?.stock} items available in stock`;
        return { status: 400, body: { message, msg: message, product: id, available_quantity: p?.stock } };
      }
      subtotal += Math.round(p.price * 100) * qtys[i];
    }
    // Like the API: a price the shopper saw that is not today's is refused, nothing ordered.
    const seen = body.unit_prices as number[] | undefined;
    const changed = seen
      ? ids.flatMap((id, i) => {
          const now = products.find((x) => x.id === id)!.price;
          return Math.round(seen[i] * 100) === Math.round(now * 100) ? [] : [{ product: id, price: now }];
        })
      : [];
    if (changed.length > 0)
      return { status: 409, body: { message: PRICES_CHANGED, msg: PRICES_CHANGED, changed } };
    const discount = body.voucher_code === 'FLAT50' ? 5000 : 0;
    const delivery = Math.round((charges.get(address.id) ?? 50) * 100);
    const total = (subtotal - discount + delivery) / 100;
    const method = body.payment_method as OrderRecord['method'];
    const order: OrderRecord = {
      id: nextOrder++,
      total,
      method,
      status: method === 'cash' ? 'Unpaid' : 'Pending',
      orderStatus: 'Order Processing',
      attempts: method === 'cash' ? [] : [{ provider: method }],
    };
    orders.set(order.id, order);
    // Buy now leaves the cart as it was (decision 046).
    if (body.keep_cart !== true) for (const id of ids) shop.cart.delete(id);
    return {
      status: 201,
      body: {
        order_id: order.id,
        tracking_id: `PSL${order.id}`,
        total_amount: total,
        subtotal: subtotal / 100,
        discount: discount / 100,
        delivery_charge: delivery / 100,
        payment_method: method,
        payment_status: order.status,
        payment:
          method === 'cash' ? null : { provider: method, reference: 'R', next: nextOf(method, order.id) },
      },
    };
  }

  function handle(
    method: string,
    url: string,
    body: Record<string, unknown>,
    key?: string,
  ): Answer | undefined {
    if (method === 'get' && url === '/order/address/list/') return { status: 200, body: { data: addresses } };
    if (method === 'post' && url === '/order/address/create/') {
      const made = addressFrom(nextAddress++, body);
      if (made.is_default || addresses.length === 0)
        addresses = addresses.map((a) => ({ ...a, is_default: false }));
      addresses = [{ ...made, is_default: made.is_default || addresses.length === 0 }, ...addresses];
      return { status: 201, body: { message: 'Address saved.', data: made } };
    }
    const update = /^\/order\/address\/update\/(\d+)\/$/.exec(url);
    if (method === 'patch' && update) {
      const id = Number(update[1]);
      const made = addressFrom(id, body);
      addresses = addresses.map((a) => (a.id === id ? made : a));
      return { status: 200, body: { message: 'Address updated.', data: made } };
    }
    const remove = /^\/order\/address\/delete\/(\d+)\/$/.exec(url);
    if (method === 'delete' && remove) {
      addresses = addresses.filter((a) => a.id !== Number(remove[1]));
      return { status: 200, body: { message: 'Address deleted.' } };
    }
    if (method === 'get' && url === '/order/address/address-form-data/provinces/')
      return { status: 200, body: { data: { data: PROVINCES } } };
    const districts = /^\/order\/address\/provinces\/(\d+)\/districts\/$/.exec(url);
    if (method === 'get' && districts)
      return { status: 200, body: { data: { data: DISTRICTS[Number(districts[1])] ?? [] } } };
    const municipalities = /^\/order\/address\/districts\/(\d+)\/municipalities\/$/.exec(url);
    if (method === 'get' && municipalities)
      return { status: 200, body: { data: { data: MUNICIPALITIES[Number(municipalities[1])] ?? [] } } };
    if (method === 'get' && url.startsWith('/order/address/nearest-delivery-stations/')) {
      const id = Number(new URLSearchParams(url.split('?')[1]).get('municipality_id'));
      return { status: 200, body: { data: { delivery_stations: STATIONS[id] ?? [] } } };
    }
    if (method === 'post' && url === '/order/calculate-delivery-charge/') {
      const address = addresses.find((a) => a.id === body.address_id);
      if (!address) return { status: 404, body: { message: 'Address not found.' } };
      if (!address.is_deliverable) return { status: 400, body: { message: NO_STATIONS, msg: NO_STATIONS } };
      const lines = body.cart_items as unknown[];
      const charge = lines.length === 0 ? 0 : (charges.get(address.id) ?? 50);
      return {
        status: 200,
        body: {
          data: { delivery_info: { delivery_charge: charge, delivery_time: 'Same day', distance: 2.5 } },
        },
      };
    }
    if (method === 'post' && url === '/checkout/') {
      checkoutCalls.push({ body, key });
      const kept = key ? keys.get(key) : undefined;
      if (kept && kept.body !== JSON.stringify(body))
        return { status: 422, body: { message: KEY_REUSED, msg: KEY_REUSED } };
      if (kept) return kept.answer;
      const answer = checkout(body);
      if (key) keys.set(key, { body: JSON.stringify(body), answer });
      return answer;
    }
    if (method === 'get' && url === '/payments/methods/')
      return {
        status: 200,
        body: {
          methods: [
            { id: 'cash', title: 'Cash on Delivery', available: true, simulated: false },
            { id: 'esewa', title: 'eSewa', available: wallets.esewa, simulated: false },
            { id: 'khalti', title: 'Khalti', available: wallets.khalti, simulated: false },
          ],
        },
      };
    const payment = /^\/payments\/(\d+)\/(retry\/|cash\/|check\/)?$/.exec(url);
    if (payment) {
      const order = orders.get(Number(payment[1]));
      if (!order) return { status: 404, body: { message: 'Order not found.' } };
      if (method === 'get' && !payment[2]) return { status: 200, body: paymentOf(order) };
      if (method === 'post' && payment[2] === 'retry/') {
        const provider = body.provider as 'esewa' | 'khalti';
        order.attempts.push({ provider, status: 'initiated' });
        order.method = provider;
        order.status = 'Pending';
        return {
          status: 200,
          body: { order_id: order.id, provider, reference: 'R2', next: nextOf(provider, order.id) },
        };
      }
      if (method === 'post' && payment[2] === 'check/') {
        const last = order.attempts.at(-1);
        if (order.walletSays === 'paid' && last) {
          last.status = 'completed';
          order.status = 'Paid';
        }
        if (order.walletSays === 'nothing' && last?.status === 'initiated') {
          last.status = 'expired';
          if (order.status === 'Pending') order.status = 'Unpaid';
        }
        return { status: 200, body: paymentOf(order) };
      }
      if (method === 'post' && payment[2] === 'cash/') {
        order.method = 'cash';
        order.status = 'Unpaid';
        return { status: 200, body: paymentOf(order) };
      }
    }
    return undefined;
  }

  function addressFrom(id: number, body: Record<string, unknown>): Address {
    const province = Number(body.province);
    const district = Number(body.district);
    const municipality = body.municipality === null ? 0 : Number(body.municipality);
    const station = (STATIONS[municipality] ?? []).find((s) => s.id === body.nearest_branch);
    return savedAddress(id, {
      address_type: body.address_type as Address['address_type'],
      full_name: String(body.full_name),
      phone: String(body.phone),
      location: String(body.location),
      land_mark: String(body.land_mark ?? ''),
      province: PLACE_NAMES[province] ?? '',
      province_ne: PROVINCES.find((p) => p.id === province)?.name_ne ?? '',
      province_id: province,
      district: nameOf(DISTRICTS[province] ?? [], district),
      district_ne: DISTRICTS[province]?.find((d) => d.id === district)?.name_ne ?? '',
      district_id: district,
      municipality: nameOf(MUNICIPALITIES[district] ?? [], municipality),
      // The fake's local levels have no Nepali names: the page falls back to the English one.
      municipality_ne: '',
      municipality_id: municipality,
      nearest_branch: station?.name ?? null,
      nearest_branch_id: station?.id ?? null,
      is_default: body.is_default === true,
      is_deliverable: (STATIONS[municipality] ?? []).length > 0,
    });
  }

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toLowerCase();
    const query = config.params ? `?${new URLSearchParams(config.params).toString()}` : '';
    const url = `${config.url ?? ''}${query}`;
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : (config.data ?? {});
    const key = config.headers?.get?.('Idempotency-Key')?.toString();
    await gate;
    const call = `${method.toUpperCase()} ${url}`;
    const at = failures.findIndex((f) => f.match.test(call));
    const failure = at >= 0 ? failures.splice(at, 1)[0].failure : undefined;
    if (failure === 'network') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    const handled = typeof failure === 'object' ? failure : handle(method, url, body, key);
    if (failure === 'lost') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    if (handled === undefined) return inner(config);
    calls.push(call);
    const response: AxiosResponse = {
      data: handled.body,
      status: handled.status,
      statusText: String(handled.status),
      headers: {},
      config,
    };
    if (handled.status >= 400)
      throw new AxiosError(
        `Request failed with status code ${handled.status}`,
        'ERR_BAD_REQUEST',
        config,
        null,
        response,
      );
    return response;
  };
  apiClient.defaults.adapter = adapter;
  publicClient.defaults.adapter = adapter;

  return {
    shop,
    orders,
    checkoutCalls,
    calls,
    wallets,
    get addresses() {
      return addresses;
    },
    seedAddresses(list: Address[]) {
      addresses = list;
    },
    setCharge(addressId: number, rupees: number) {
      charges.set(addressId, rupees);
    },
    /** An order as the wallet left it, for the return page. */
    seedOrder(order: Omit<OrderRecord, 'attempts'> & { attempts?: OrderRecord['attempts'] }) {
      orders.set(order.id, { attempts: [], ...order });
    },
    /** The next request whose "METHOD url" matches fails once: no answer, answer lost, or this answer. */
    failNext(match: RegExp, failure: Failure) {
      failures.push({ match, failure });
    },
    /** Holds every request of these routes until the returned release is called. */
    hold() {
      let release = () => {};
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = Promise.resolve();
        release();
      };
    },
    restore() {
      publicClient.defaults.adapter = previousPublic;
      shop.restore();
    },
  };
}

export type FakeCheckout = ReturnType<typeof fakeCheckout>;
