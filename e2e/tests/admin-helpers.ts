import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { createUser, type TestUser } from './accounts-helpers';
import { apiLogin, plainProducts } from './cart-helpers';
import { earliestSlot } from './checkout-helpers';

const ROOT = '/api/ecommerce';
/** The demo staff account the seed creates (apps/api/src/seed/seed-demo-data.ts). */
export const STAFF = { email: 'admin@example.com', password: 'Admin@1234' };

/** The demo staff member's persisted session, written before the app starts (as the a11y fixtures do). */
export async function staffStorage(request: APIRequestContext) {
  const res = await request.post(`${ROOT}/login/`, {
    data: { phone_or_email: STAFF.email, password: STAFF.password },
  });
  expect(res.ok(), `staff login: ${res.status()}`).toBeTruthy();
  const body = (await res.json()) as { access_token: string; refresh_token: string; user_id: string };
  return {
    access: body.access_token,
    refresh: body.refresh_token,
    user_id: String(body.user_id),
    isAuthenticated: true as const,
  };
}

async function firstNamed<T extends { id: number; name: string }>(
  request: APIRequestContext,
  path: string,
  name: string,
): Promise<T> {
  const res = await request.get(`${ROOT}${path}`);
  expect(res.ok(), `${path}: ${res.status()}`).toBeTruthy();
  const list = ((await res.json()) as { data: { data: T[] } }).data.data;
  const found = list.find((item) => item.name.startsWith(name)) ?? list[0];
  return found;
}

export interface PlacedOrder {
  customer: TestUser;
  token: string;
  orderId: number;
  trackingId: string;
  product: { id: number; title: string };
  /** Where the browser goes to pay (wallet orders). */
  next?: { type: string; url: string };
}

/** A new customer with a Kathmandu address places an order (cash unless told) of one in-stock product. */
export async function customerPlacesOrder(
  request: APIRequestContext,
  tag: string,
  paymentMethod: 'cash' | 'khalti' = 'cash',
): Promise<PlacedOrder> {
  const customer = await createUser(request, tag);
  const token = await apiLogin(request, customer.email, customer.password);
  const headers = { Authorization: `Bearer ${token}` };
  const province = await firstNamed(request, '/order/address/address-form-data/provinces/', 'Bagmati');
  const district = await firstNamed(
    request,
    `/order/address/provinces/${province.id}/districts/`,
    'Kathmandu',
  );
  const municipality = await firstNamed(
    request,
    `/order/address/districts/${district.id}/municipalities/`,
    'Kathmandu',
  );
  const address = await request.post(`${ROOT}/order/address/create/`, {
    headers,
    data: {
      full_name: `${customer.first} ${customer.last}`,
      phone: customer.phone,
      location: 'Baneshwor',
      province: province.id,
      district: district.id,
      municipality: municipality.id,
    },
  });
  expect(address.ok(), await address.text()).toBeTruthy();
  const addressId = ((await address.json()) as { data: { id: number } }).data.id;
  // Khalti takes Rs 10 or more.
  const [product] = (await plainProducts(request)).filter(
    (p) => paymentMethod === 'cash' || p.selling_price >= 10,
  );
  const checkout = await request.post(`${ROOT}/checkout/`, {
    headers,
    data: {
      product_id: [product.id],
      qtys: [1],
      location: addressId,
      payment_method: paymentMethod,
      ...(await earliestSlot(request, token, addressId)),
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const answer = (await checkout.json()) as {
    order_id: number;
    tracking_id: string;
    payment?: { next: PlacedOrder['next'] };
  };
  return {
    customer,
    token,
    orderId: answer.order_id,
    trackingId: answer.tracking_id,
    product: { id: product.id, title: product.title },
    next: answer.payment?.next,
  };
}

/** The demo delivery rider (apps/api/src/seed). */
export const RIDER = { email: 'rider@example.com', password: 'Rider@1234' };

/** A new customer's cash order, packed and assigned to the demo rider (a card on the rider's screen). */
export async function orderForDemoRider(request: APIRequestContext, tag: string): Promise<PlacedOrder> {
  const placed = await customerPlacesOrder(request, tag);
  const headers = { Authorization: `Bearer ${(await staffStorage(request)).access}` };
  const packed = await request.post(`/api/admin/orders/${placed.orderId}/status/`, {
    headers,
    data: { status: 'Packed', from: 'Order Processing' },
  });
  expect(packed.ok(), await packed.text()).toBeTruthy();
  const list = await request.get('/api/admin/riders/', { headers });
  const { riders } = (await list.json()) as { riders: { id: number; email: string | null }[] };
  const rider = riders.find((r) => r.email === RIDER.email);
  if (!rider) throw new Error('the seed has no demo rider');
  const assigned = await request.post('/api/admin/orders/assign/', {
    headers,
    data: { order_ids: [placed.orderId], rider_id: rider.id },
  });
  expect(assigned.ok(), await assigned.text()).toBeTruthy();
  return placed;
}

/** Opens the console as the demo staff member (session written before the app starts). */
export async function openConsoleAsStaff(page: Page, request: APIRequestContext, path = '/admin') {
  const auth = await staffStorage(request);
  await page.addInitScript((value) => {
    if (!localStorage.getItem('persist:pasal')) {
      localStorage.setItem(
        'persist:pasal',
        JSON.stringify({ auth: value, _persist: JSON.stringify({ version: 2, rehydrated: true }) }),
      );
    }
  }, JSON.stringify(auth));
  await page.goto(path);
}
