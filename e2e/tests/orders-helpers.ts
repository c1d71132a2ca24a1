import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { createUser, loginInUi, PASSWORD, type TestUser } from './accounts-helpers';
import { apiLogin, plainProducts, type ShopProduct } from './cart-helpers';
import { earliestSlot } from './checkout-helpers';

const ROOT = '/api/ecommerce';

/** A fresh customer with a deliverable Kathmandu address, signed in to the API. */
export interface Shopper {
  user: TestUser;
  token: string;
  addressId: number;
}

async function json<T>(request: APIRequestContext, path: string, token?: string): Promise<T> {
  const res = await request.get(`${ROOT}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  expect(res.ok(), `${path}: ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

type Named = { id: number; name: string };

/** The customer's first address, or a new deliverable one in Kathmandu. */
export async function anAddress(
  request: APIRequestContext,
  token: string,
  who: { name: string; phone: string },
): Promise<number> {
  const saved = await json<{ data: { id: number; is_deliverable: boolean }[] }>(
    request,
    '/order/address/list/',
    token,
  );
  const usable = saved.data.find((a) => a.is_deliverable);
  if (usable) return usable.id;
  const provinces = await json<{ data: { data: Named[] } }>(
    request,
    '/order/address/address-form-data/provinces/',
  );
  const province = provinces.data.data.find((p) => p.name.includes('Bagmati'));
  if (!province) throw new Error('no Bagmati province in the seed');
  const districts = await json<{ data: { data: Named[] } }>(
    request,
    `/order/address/provinces/${province.id}/districts/`,
  );
  const district = districts.data.data.find((d) => d.name === 'Kathmandu');
  if (!district) throw new Error('no Kathmandu district in the seed');
  const locals = await json<{ data: { data: Named[] } }>(
    request,
    `/order/address/districts/${district.id}/municipalities/`,
  );
  const local = locals.data.data.find((m) => m.name.startsWith('Kathmandu'));
  if (!local) throw new Error('no Kathmandu local level in the seed');
  const res = await request.post(`${ROOT}/order/address/create/`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      address_type: 'Home',
      full_name: who.name,
      phone: who.phone,
      location: 'Baneshwor',
      province: province.id,
      district: district.id,
      municipality: local.id,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { data } = (await res.json()) as { data: { id: number; is_deliverable: boolean } };
  expect(data.is_deliverable).toBe(true);
  return data.id;
}

export async function newShopper(request: APIRequestContext, tag: string): Promise<Shopper> {
  const user = await createUser(request, tag);
  const token = await apiLogin(request, user.phone, PASSWORD);
  const addressId = await anAddress(request, token, {
    name: `${user.first} ${user.last}`,
    phone: user.phone,
  });
  return { user, token, addressId };
}

export interface PlacedOrder {
  order_id: number;
  tracking_id: string;
  total_amount: number;
  payment: null | {
    next: { type: 'form'; url: string; fields: Record<string, string> } | { type: 'redirect'; url: string };
  };
}

/** Places an order through the checkout endpoint, as the checkout page would. */
export async function placeOrder(
  request: APIRequestContext,
  shopper: Pick<Shopper, 'token' | 'addressId'>,
  lines: [ShopProduct, number][],
  paymentMethod: 'cash' | 'esewa' | 'khalti' = 'cash',
): Promise<PlacedOrder> {
  const res = await request.post(`${ROOT}/checkout/`, {
    headers: {
      Authorization: `Bearer ${shopper.token}`,
      'Idempotency-Key': `e2e-${Date.now()}-${Math.random()}`,
    },
    data: {
      product_id: lines.map(([p]) => p.id),
      qtys: lines.map(([, q]) => q),
      location: shopper.addressId,
      voucher_code: '',
      payment_method: paymentMethod,
      ...(await earliestSlot(request, shopper.token, shopper.addressId)),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as PlacedOrder;
}

/** Staff's move, through the development route (the console's order screen is another branch's). */
export async function moveOrder(
  request: APIRequestContext,
  orderId: number,
  status: string,
  reason?: string,
) {
  const res = await request.post(`/api/dev/orders/${orderId}/status`, { data: { status, reason } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** Products in stock, priced without a flash sale, that no other test of this file uses. */
export async function someProducts(request: APIRequestContext, skip: number, n: number) {
  const found = (await plainProducts(request)).filter(
    (p) => p.total_available_quantity >= 5 && p.selling_price >= 20,
  );
  return found.slice(skip, skip + n);
}

export async function signIn(page: Page, shopper: Shopper) {
  await loginInUi(page, shopper.user.email, PASSWORD);
}

/** The order card under All Orders whose heading names the tracking id. */
export function orderCard(page: Page, trackingId: string) {
  return page.getByRole('article').filter({
    has: page.getByRole('heading', { name: `Tracking ID: ${trackingId}` }),
  });
}

/** Picks a filter from the desktop sidebar. */
export async function pickFilter(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Order filters' }).getByRole('button', { name }).click();
}

interface ListedOrder {
  id: number;
  order_status: string;
  payment_method: string;
  can_cancel: boolean;
  can_pay: boolean;
}

/**
 * A customer's orders for the accessibility matrix: one it may cancel (cash, Order
 * Processing), one packed (it shows Cancel Order, which says it can no longer be cancelled), one
 * delivered with a product still to rate, one online order waiting to be paid.
 * Made only when missing, from the catalogue's last products (the cart tests use the first ones).
 */
export async function customerOrders(request: APIRequestContext, customer: TestUser) {
  const token = await apiLogin(request, customer.phone, customer.password);
  const { results } = await json<{ results: ListedOrder[] }>(request, '/order/list/', token);
  const ratable = await json<{ results: unknown[] }>(request, '/list/ratable/products/', token);
  const products = (await plainProducts(request)).filter((p) => p.total_available_quantity >= 20).slice(-3);
  const own = {
    token,
    addressId: await anAddress(request, token, {
      name: `${customer.first} ${customer.last}`,
      phone: customer.phone,
    }),
  };
  if (!results.some((o) => o.can_cancel && o.payment_method === 'cash'))
    await placeOrder(request, own, [[products[0], 1]]);
  if (!results.some((o) => o.order_status === 'Packed')) {
    const packed = await placeOrder(request, own, [[products[0], 1]]);
    await moveOrder(request, packed.order_id, 'Packed');
  }
  if (ratable.results.length === 0) {
    const delivered = await placeOrder(request, own, [[products[1], 1]]);
    await moveOrder(request, delivered.order_id, 'Delivered');
  }
  if (!results.some((o) => o.can_pay)) await placeOrder(request, own, [[products[2], 1]], 'esewa');
}

/** A delivered order of the customer's (customerOrders makes one): it has its tax invoice. */
export async function deliveredOrderId(request: APIRequestContext, customer: TestUser): Promise<number> {
  await customerOrders(request, customer);
  const token = await apiLogin(request, customer.phone, customer.password);
  const { results } = await json<{ results: ListedOrder[] }>(request, '/order/list/', token);
  const delivered = results.find((o) => o.order_status === 'Delivered');
  if (!delivered) throw new Error('The customer has no delivered order');
  return delivered.id;
}
