import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { createUser, type TestUser } from './accounts-helpers';
import { plainProducts, type ShopProduct } from './cart-helpers';

const ROOT = '/api/ecommerce';

export interface Shopper extends TestUser {
  token: string;
  session: { access: string; refresh: string; user_id: string };
}

export async function loginShopper(request: APIRequestContext, user: TestUser): Promise<Shopper> {
  const res = await request.post(`${ROOT}/login/`, {
    data: { phone_or_email: user.phone, password: user.password },
  });
  expect(res.ok(), `login: ${res.status()}`).toBeTruthy();
  const body = (await res.json()) as {
    access_token: string;
    refresh_token: string;
    user_id: string | number;
  };
  return {
    ...user,
    token: body.access_token,
    session: { access: body.access_token, refresh: body.refresh_token, user_id: String(body.user_id) },
  };
}

let shared: Promise<TestUser> | undefined;
/**
 * One fresh customer per test process for the checkout screens of the accessibility matrix (a
 * sign-up costs one of the per-address OTP sends), so no screen depends on the demo customer's
 * shared cart and orders.
 */
function checkoutUser(request: APIRequestContext): Promise<TestUser> {
  shared ??= createUser(request, 'checkout');
  return shared;
}

const auth = (s: Shopper) => ({ Authorization: `Bearer ${s.token}` });

export interface SavedAddress {
  id: number;
  full_name: string;
  is_default: boolean;
  municipality: string;
  municipality_ne: string;
  district_ne: string;
}

export async function addressesOf(request: APIRequestContext, s: Shopper): Promise<SavedAddress[]> {
  const res = await request.get(`${ROOT}/order/address/list/`, { headers: auth(s) });
  return ((await res.json()) as { data: SavedAddress[] }).data;
}

/** A Kathmandu address (the seed's stations serve it), made through the API when there is none. */
export async function ensureAddress(request: APIRequestContext, s: Shopper): Promise<SavedAddress> {
  const [first] = await addressesOf(request, s);
  if (first) return first;
  const provinces = (await (
    await request.get(`${ROOT}/order/address/address-form-data/provinces/`)
  ).json()) as {
    data: { data: { id: number; name: string }[] };
  };
  const bagmati = provinces.data.data.find((p) => p.name.startsWith('Bagmati'))!;
  const districts = (await (
    await request.get(`${ROOT}/order/address/provinces/${bagmati.id}/districts/`)
  ).json()) as {
    data: { data: { id: number; name: string }[] };
  };
  const kathmandu = districts.data.data.find((d) => d.name === 'Kathmandu')!;
  const locals = (await (
    await request.get(`${ROOT}/order/address/districts/${kathmandu.id}/municipalities/`)
  ).json()) as {
    data: { data: { id: number; name: string }[] };
  };
  const metro = locals.data.data.find((m) => m.name === 'Kathmandu')!;
  const res = await request.post(`${ROOT}/order/address/create/`, {
    headers: auth(s),
    data: {
      address_type: 'Home',
      full_name: `${s.first} ${s.last}`,
      phone: s.phone,
      location: 'New Baneshwor 10',
      land_mark: '',
      province: bagmati.id,
      district: kathmandu.id,
      municipality: metro.id,
      nearest_branch: null,
      is_default: true,
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: SavedAddress }).data;
}

/** The server cart holds exactly these lines. */
export async function setCart(request: APIRequestContext, s: Shopper, lines: [ShopProduct, number][]) {
  expect((await request.delete(`${ROOT}/cart/clear/`, { headers: auth(s) })).ok()).toBeTruthy();
  for (const [product, quantity] of lines) {
    const res = await request.post(`${ROOT}/cart/add/`, {
      headers: auth(s),
      data: { cart_products: [{ product: product.id, quantity }] },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
}

/** A product a wallet order can be made of: in stock, not on a flash sale, Rs 10 or more (Khalti's minimum). */
export async function walletProduct(request: APIRequestContext): Promise<ShopProduct> {
  const found = (await plainProducts(request)).find(
    (p) => p.total_available_quantity > 10 && p.selling_price >= 20,
  );
  if (!found) throw new Error('no product for a wallet order');
  return found;
}

/** Starts the page logged in as the shopper (the session as the app persists it), unless it already is. */
export async function signInPage(page: Page, s: Shopper) {
  await page.addInitScript((session) => {
    const key = 'persist:pasal';
    const record = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, string>;
    const current = JSON.parse(record.auth ?? '{}') as { user_id?: string };
    if (current.user_id === session.user_id) return;
    record.auth = JSON.stringify({ ...session, isAuthenticated: true });
    // Version 1: the app's migration then makes the (empty) cart the customer's, as after a login.
    record._persist ??= JSON.stringify({ version: 1, rehydrated: true });
    localStorage.setItem(key, JSON.stringify(record));
  }, s.session);
}

export interface OrderPayment {
  order_id: number;
  payment_method: string;
  payment_status: string;
  total_amount: number;
}

export async function orderPaymentOf(
  request: APIRequestContext,
  s: Shopper,
  orderId: number,
): Promise<OrderPayment> {
  const res = await request.get(`${ROOT}/payments/${orderId}/`, { headers: auth(s) });
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as OrderPayment;
}

/** Rs with 2 decimals and Indian grouping, as the checkout shows amounts. */
export const rs2 = (paisa: number) =>
  `Rs ${(paisa / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export async function deliveryChargeOf(
  request: APIRequestContext,
  s: Shopper,
  addressId: number,
  lines: [ShopProduct, number][],
): Promise<number> {
  const res = await request.post(`${ROOT}/order/calculate-delivery-charge/`, {
    headers: auth(s),
    data: {
      address_id: addressId,
      cart_items: lines.map(([p, quantity]) => ({ product_id: p.id, quantity })),
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = (await res.json()) as { data: { delivery_info: { delivery_charge: number } } };
  return Math.round(body.data.delivery_info.delivery_charge * 100);
}

let cachedShopper: { at: number; shopper: Promise<Shopper> } | undefined;
/** The checkout customer logged in, once per test process (tokens live 15 minutes: renewed after 10). */
export function checkoutShopper(request: APIRequestContext): Promise<Shopper> {
  if (!cachedShopper || Date.now() - cachedShopper.at > 10 * 60_000) {
    cachedShopper = {
      at: Date.now(),
      shopper: checkoutUser(request).then((user) => loginShopper(request, user)),
    };
  }
  return cachedShopper.shopper;
}

/**
 * The earliest delivery slot that can still take an order for the address (decision 058), as the
 * checkout page would choose it: `{ slot }` to spread into a checkout body, or nothing when the
 * station offers no slots.
 */
export async function earliestSlot(
  request: APIRequestContext,
  token: string,
  addressId: number,
): Promise<{ slot?: { id: number; date: string } }> {
  const res = await request.get(`${ROOT}/order/delivery-slots/?address_id=${addressId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.ok(), `delivery slots: ${res.status()}`).toBeTruthy();
  const slots = (
    (await res.json()) as { data: { slots: { id: number; date: string; available: boolean }[] } }
  ).data.slots;
  const open = slots.find((s) => s.available);
  return open ? { slot: { id: open.id, date: open.date } } : {};
}
