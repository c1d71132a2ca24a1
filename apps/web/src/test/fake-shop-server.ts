import type { Product } from '@pasal/contract/catalogue';
import { onlyInStock, PROMO_APPLIED, VOUCHER_MESSAGES } from '@pasal/contract/shop-texts';
import { type AxiosAdapter, AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '../lib/api-client';

/**
 * A stand-in for the API's cart, voucher and wishlist routes (docs/decisions/007), behind the
 * storefront's real HTTP client, for tests of what the storefront sends and does with the answers.
 */
export interface FakeProduct {
  id: number;
  title: string;
  price: number;
  marked?: number;
  stock: number;
}

interface FakeVoucher {
  code: string;
  type: 'Percentage' | 'Amount';
  value: number;
  minimum: number;
  cap: number | null;
}

export const DEMO_VOUCHERS: FakeVoucher[] = [
  { code: 'WELCOME10', type: 'Percentage', value: 10, minimum: 500, cap: 300 },
  { code: 'FLAT50', type: 'Amount', value: 50, minimum: 200, cap: null },
];

/** The discount in paisa, as the API computes it. */
function discountOf(v: FakeVoucher, base: number): number {
  let discount =
    v.type === 'Amount' ? paisa(v.value) : Math.floor((base * Math.round(v.value * 100) + 5000) / 10000);
  if (v.cap !== null) discount = Math.min(discount, paisa(v.cap));
  return Math.min(discount, base);
}

const serverVoucher = (v: FakeVoucher) => ({
  id: DEMO_VOUCHERS.indexOf(v) + 1,
  code: v.code,
  voucher_type: v.type,
  discount_percentage: v.type === 'Percentage' ? v.value : 0,
  discount_amount: v.type === 'Amount' ? v.value : 0,
  minimum_order_value: v.minimum,
  maximum_discount: v.cap,
  valid_from: null,
  valid_to: null,
});

interface Body {
  cart_products: { product: number; quantity: number }[];
  code?: unknown;
  item?: unknown;
}

/** network: never reached the server; lost: the server did it but the answer never came back. */
type Failure = 'network' | 'lost' | { status: number; body?: unknown };

export function product(p: FakeProduct): Product {
  return {
    id: p.id,
    slug: `product-${p.id}`,
    title: p.title,
    nepali_title: '',
    brand: '',
    unit: '',
    description: '',
    short_description: '',
    marked_price: p.marked ?? p.price,
    selling_price: p.price,
    price: p.price,
    discount_percentage: 0,
    total_available_quantity: p.stock,
    image: null,
    thumbnail: null,
    primary_image: null,
    product_images: [],
    category: 'Test',
    category_id: 1,
    category_slug: 'test',
    isOrganic: false,
    rating: 0,
    average_rating: 0,
    rating_count: 0,
    ratingCount: 0,
    unit_price: null,
  };
}

const paisa = (rupees: number) => Math.round(rupees * 100);

export function fakeShop(products: FakeProduct[]) {
  const catalogue = new Map(products.map((p) => [p.id, { ...p }]));
  const cart = new Map<number, number>(); // product → quantity, oldest first
  let wishlist: { id: number; product: number }[] = [];
  let nextEntry = 100;
  const calls: string[] = [];
  /** Make the next matching request fail (consumed once). */
  const failures: { match: RegExp; failure: Failure }[] = [];
  /** Requests wait for this before answering (a test can hold them). */
  let gate: Promise<void> = Promise.resolve();

  const line = (productId: number, quantity: number, i: number) => {
    const p = catalogue.get(productId)!;
    const available = p.stock >= quantity;
    return {
      id: i + 1,
      product: productId,
      quantity,
      rate: p.price,
      subtotal: (paisa(p.price) * quantity) / 100,
      is_available: available,
      available_quantity: p.stock,
      product_detail: product(p),
    };
  };
  const cartBody = () => {
    const lines = [...cart].map(([id, q], i) => line(id, q, i));
    const total = lines.filter((l) => l.is_available).reduce((s, l) => s + paisa(l.subtotal), 0) / 100;
    return { id: 1, total, cart_products: lines };
  };
  const refuse = (message: string, extra: Record<string, unknown> = {}) => ({
    status: 400,
    body: { message, ...extra },
  });

  function checkLine(productId: number, quantity: number) {
    const p = catalogue.get(productId);
    if (!p)
      return refuse(`Product ${productId} was not found.`, { product: productId, available_quantity: 0 });
    if (p.stock <= 0)
      return refuse(`${p.title} is out of stock.`, { product: productId, available_quantity: 0 });
    if (quantity > p.stock)
      return refuse(onlyInStock(p.stock), { product: productId, available_quantity: p.stock });
    return null;
  }

  function handle(method: string, url: string, body: Body): { status: number; body?: unknown } {
    if (method === 'get' && url === '/cart/') return { status: 200, body: { results: [cartBody()] } };
    if (method === 'post' && (url === '/cart/add/' || url === '/cart/update/')) {
      const next = new Map(cart);
      for (const { product: id, quantity } of body.cart_products) {
        const q = url === '/cart/add/' ? (next.get(id) ?? 0) + quantity : quantity;
        const refusal = checkLine(id, q);
        if (refusal) return refusal;
        next.set(id, q);
      }
      cart.clear();
      for (const [k, v] of next) cart.set(k, v);
      return { status: 200, body: { cart: cartBody() } };
    }
    const remove = /^\/cart\/remove\/(\d+)\/$/.exec(url);
    if (method === 'delete' && remove) {
      const id = Number(remove[1]);
      if (!cart.delete(id)) return { status: 404, body: { message: `Product ${id} is not in your cart.` } };
      return { status: 200, body: { cart: cartBody() } };
    }
    if (method === 'delete' && url === '/cart/clear/') {
      cart.clear();
      return { status: 200, body: { cart: cartBody() } };
    }
    if (method === 'post' && url === '/voucher/apply/') {
      const code = String(body.code ?? '')
        .trim()
        .toUpperCase();
      const refusePromo = (message: string, extra = {}) =>
        refuse(message, { msg: message, is_valid: false, voucher: null, discount_amount: 0, ...extra });
      const v = DEMO_VOUCHERS.find((x) => x.code === code);
      if (!code) return refusePromo(VOUCHER_MESSAGES.blank);
      if (!v) return refusePromo(VOUCHER_MESSAGES.invalid);
      const base = paisa(cartBody().total);
      if (base === 0) return refusePromo(VOUCHER_MESSAGES.empty_cart);
      if (base < paisa(v.minimum)) return refusePromo(VOUCHER_MESSAGES.below_minimum(paisa(v.minimum)));
      const discount = discountOf(v, base);
      return {
        status: 200,
        body: {
          voucher: serverVoucher(v),
          discount_amount: discount / 100,
          is_valid: true,
          message: PROMO_APPLIED,
          cart_total: base / 100,
          final_amount: (base - discount) / 100,
        },
      };
    }
    // Every demo code is listed (decision 055): applicable first by saving, then the nearest minimum.
    if (method === 'get' && url === '/voucher/available/') {
      const base = paisa(cartBody().total);
      const results =
        base === 0
          ? []
          : DEMO_VOUCHERS.map((v) => {
              const applicable = base >= paisa(v.minimum);
              return {
                voucher: serverVoucher(v),
                applicable,
                saving: applicable ? discountOf(v, base) / 100 : 0,
                missing: applicable ? 0 : (paisa(v.minimum) - base) / 100,
              };
            }).sort(
              (a, b) =>
                Number(b.applicable) - Number(a.applicable) || b.saving - a.saving || a.missing - b.missing,
            );
      return { status: 200, body: { cart_total: base / 100, results } };
    }
    if (method === 'get' && url === '/list/wishlist/')
      return {
        status: 200,
        body: {
          results: wishlist.map((e) => ({ ...e, item: product(catalogue.get(e.product)!) })),
        },
      };
    if (method === 'post' && url === '/create/wishlist/') {
      const id = body.item as number;
      if (!catalogue.has(id)) return refuse(`Product ${id} was not found.`);
      const existing = wishlist.find((e) => e.product === id);
      if (existing) return { status: 200, body: { ...existing, item: product(catalogue.get(id)!) } };
      const entry = { id: nextEntry++, product: id };
      wishlist = [entry, ...wishlist];
      return { status: 201, body: { ...entry, item: product(catalogue.get(id)!) } };
    }
    const unwish = /^\/update\/wishlist\/(\d+)\/$/.exec(url);
    if (method === 'delete' && unwish) {
      const id = Number(unwish[1]);
      if (!wishlist.some((e) => e.id === id))
        return { status: 404, body: { message: 'Wishlist item ID not found' } };
      wishlist = wishlist.filter((e) => e.id !== id);
      return { status: 200, body: { id, message: 'Item removed from wishlist' } };
    }
    if (method === 'get' && url === '/profile/')
      return {
        status: 200,
        body: {
          data: {
            user: {
              first_name: 'Sita',
              middle_name: '',
              last_name: 'Sharma',
              email: 's@example.com',
              phone: '9800000009',
            },
            profile: { image: null, date_of_birth: null, gender: null },
          },
        },
      };
    // The quote without an address, as the cart asks it for the free-delivery hint (decision 047).
    if (method === 'post' && url === '/order/calculate-delivery-charge/')
      return {
        status: 200,
        body: {
          data: {
            delivery_info: {
              delivery_charge: 0,
              delivery_time: null,
              distance: null,
              free_delivery_from: 1500,
            },
          },
        },
      };
    return { status: 404, body: { message: `No route ${method} ${url}` } };
  }

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    await gate;
    const method = (config.method ?? 'get').toLowerCase();
    const url = config.url ?? '';
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    const call = `${method.toUpperCase()} ${url}${body ? ` ${JSON.stringify(body)}` : ''}`;
    calls.push(call);
    const at = failures.findIndex((f) => f.match.test(call));
    const failure = at >= 0 ? failures.splice(at, 1)[0].failure : undefined;
    if (failure === 'network') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    if (failure === 'lost') {
      handle(method, url, body);
      throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    }
    const answer = failure ?? handle(method, url, body);
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
    cart,
    catalogue,
    get wishlist() {
      return wishlist;
    },
    /** Puts products in the server cart directly (as another device would). */
    seedCart(lines: [number, number][]) {
      for (const [id, q] of lines) cart.set(id, q);
    },
    seedWishlist(productIds: number[]) {
      wishlist = productIds.map((id) => ({ id: nextEntry++, product: id }));
    },
    /** The next request whose call line (method, path, JSON body) matches fails once. */
    failNext(match: RegExp, failure: Failure) {
      failures.push({ match, failure });
    },
    /** Holds every request until the returned release is called. */
    hold() {
      let release = () => {};
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = Promise.resolve();
        release();
      };
    },
    restore() {
      apiClient.defaults.adapter = previous;
    },
  };
}

export type FakeShop = ReturnType<typeof fakeShop>;
