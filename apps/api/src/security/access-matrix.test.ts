import { STAFF_ONLY } from '@pasal/contract/admin-common';
import { eq } from 'drizzle-orm';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { reviews } from '../db/schema/catalogue';
import { orders } from '../db/schema/orders';
import { backInStockRequests, wishlistItems } from '../db/schema/shopping';
import { issueInvoice } from '../modules/invoices/issue-invoice';
import { seedLocations } from '../seed/locations';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import {
  addCartLine,
  createAddress,
  createDeliveredOrder,
  createOrder,
  createProduct,
  createUser,
} from '../test/factories';
import { newShopper, type Shopper } from '../test/shopper';
import { newRider, newStaff, type StaffMember } from '../test/staff';
import { changedTables, tableChecksums, tableNames } from './database-checksum';
import { loadOperations, type Operation } from './openapi-operations';

// Who may do what, for every operation of the OpenAPI document: two customers (Asha and Bikash), a
// staff member and a visitor. An operation missing from ACCESS fails the test, so a new route is
// classified the day it is added.

interface Customer extends Shopper {
  name: string;
  addressId: number;
  /** A cash order still being processed (cancellable). */
  orderId: number;
  /** An eSewa order waiting for its payment. */
  pendingOrderId: number;
  /** A delivered order with its tax invoice. */
  deliveredOrderId: number;
  wishlistId: number;
  /** An open "Notify me" request. */
  backInStockId: number;
  trackingIds: string[];
  location: string;
}

interface Call {
  method: HTTPMethods;
  url: string;
  payload?: object;
}

type Access =
  /** Anyone, without a token. */
  | { kind: 'public' }
  /** The caller's own things, found through the token: a visitor gets 401, nobody sees another's. */
  | { kind: 'self'; call: (me: Customer) => Call }
  /** One object of a customer named in the request: only its owner; anyone else 404, nothing changes. */
  | { kind: 'owned'; call: (owner: Customer) => Call; ownerStatus: number }
  /**
   * The rider's screen (/api/rider): riders only (customers and staff 403); an order route on an
   * order assigned to another rider answers 404 and changes nothing.
   */
  | { kind: 'rider'; call: (orderId: number) => Call; ownerStatus: number; perOrder: boolean };

const API = '/api/ecommerce';
const RIDER_API = '/api/rider';
let productId: number;
let reviewedProductId: number;
let reviewedProduct: Awaited<ReturnType<typeof createProduct>>;
/** Out of stock, and nothing in the tests restocks it: the customers' requests stay open. */
let soldOutProductId: number;
/** A review by a third customer, for the helpful marks. */
let othersReviewId: number;

/** Every operation outside the console (which is classified by its prefix below). */
const ACCESS: Record<string, Access> = {
  getHealth: { kind: 'public' },
  getReadiness: { kind: 'public' },
  getHomeData: { kind: 'public' },
  listFeaturedCategories: { kind: 'public' },
  listCategories: { kind: 'public' },
  listCategoryProducts: { kind: 'public' },
  getProductDetail: { kind: 'public' },
  // Public; a token, when sent, only adds the caller's own marks (helpful.test.ts).
  listProductReviews: { kind: 'public' },
  searchProducts: { kind: 'public' },
  suggestProducts: { kind: 'public' },
  listTodaySpecials: { kind: 'public' },
  listProductsForYou: { kind: 'public' },
  listBanners: { kind: 'public' },
  listFlashSales: { kind: 'public' },
  signUp: { kind: 'public' },
  sendSignupOtp: { kind: 'public' },
  verifySignupOtp: { kind: 'public' },
  sendOnboardingOtp: { kind: 'public' },
  verifyOnboardingOtp: { kind: 'public' },
  setOnboardingPassword: { kind: 'public' },
  logIn: { kind: 'public' },
  refreshTokens: { kind: 'public' },
  logOut: { kind: 'public' },
  checkPasswordResetAccount: { kind: 'public' },
  sendPasswordResetOtp: { kind: 'public' },
  verifyPasswordResetOtp: { kind: 'public' },
  resetPassword: { kind: 'public' },
  listProvinces: { kind: 'public' },
  listDistrictsOfProvince: { kind: 'public' },
  listMunicipalitiesOfDistrict: { kind: 'public' },
  listNearestDeliveryStations: { kind: 'public' },
  listPaymentMethods: { kind: 'public' },
  // The wallets send the shopper's browser back here; the reference is checked with the wallet.
  esewaPaymentReturn: { kind: 'public' },
  esewaPaymentFailure: { kind: 'public' },
  khaltiPaymentReturn: { kind: 'public' },
  // Development only (not registered in production).
  listOutboxMessages: { kind: 'public' },
  devMoveOrder: { kind: 'public' },

  getProfile: { kind: 'self', call: () => ({ method: 'GET', url: '/profile/' }) },
  updateProfile: {
    kind: 'self',
    call: (me) => ({
      method: 'PUT',
      url: '/profile/update/',
      payload: { user: { first_name: me.name, last_name: 'Customer' } },
    }),
  },
  updateProfileLanguage: {
    kind: 'self',
    call: () => ({ method: 'PUT', url: '/profile/language/', payload: { language: 'ne' } }),
  },
  updateProfileOrderUpdates: {
    kind: 'self',
    call: () => ({ method: 'PUT', url: '/profile/order-updates/', payload: { order_updates: false } }),
  },
  changeProfilePicture: { kind: 'self', call: () => ({ method: 'POST', url: '/change/profile/pic/' }) },
  sendEmailVerificationOtp: {
    kind: 'self',
    call: (me) => ({
      method: 'POST',
      url: '/email/verify/send/',
      payload: { email: `${me.name}-new@example.com` },
    }),
  },
  verifyEmail: {
    kind: 'self',
    call: (me) => ({
      method: 'POST',
      url: '/email/verify/',
      payload: { email: `${me.name}-new@example.com`, otp: '123456' },
    }),
  },
  getCart: { kind: 'self', call: () => ({ method: 'GET', url: '/cart/' }) },
  addToCart: {
    kind: 'self',
    call: () => ({
      method: 'POST',
      url: '/cart/add/',
      payload: { cart_products: [{ product: productId, quantity: 1 }] },
    }),
  },
  updateCart: {
    kind: 'self',
    call: () => ({
      method: 'POST',
      url: '/cart/update/',
      payload: { cart_products: [{ product: productId, quantity: 2 }] },
    }),
  },
  // The path names a product of the catalogue, not a customer's object: the line removed is the caller's.
  removeFromCart: { kind: 'self', call: () => ({ method: 'DELETE', url: `/cart/remove/${productId}/` }) },
  clearCart: { kind: 'self', call: () => ({ method: 'DELETE', url: '/cart/clear/' }) },
  applyVoucher: {
    kind: 'self',
    call: () => ({ method: 'POST', url: '/voucher/apply/', payload: { code: 'NOSUCHCODE' } }),
  },
  listCartVouchers: { kind: 'self', call: () => ({ method: 'GET', url: '/voucher/available/' }) },
  addToWishlist: {
    kind: 'self',
    call: () => ({ method: 'POST', url: '/create/wishlist/', payload: { item: productId } }),
  },
  listWishlist: { kind: 'self', call: () => ({ method: 'GET', url: '/list/wishlist/' }) },
  askBackInStock: {
    kind: 'self',
    call: () => ({
      method: 'POST',
      url: '/create/back-in-stock/',
      payload: { product: productId, channel: 'sms' },
    }),
  },
  listBackInStock: { kind: 'self', call: () => ({ method: 'GET', url: '/list/back-in-stock/' }) },
  listAddresses: { kind: 'self', call: () => ({ method: 'GET', url: '/order/address/list/' }) },
  createAddress: {
    kind: 'self',
    call: (me) => ({
      method: 'POST',
      url: '/order/address/create/',
      payload: {
        full_name: me.name,
        phone: '9841000000',
        location: `${me.location} 2`,
        province: 3,
        district: 27,
        municipality: 'x',
      },
    }),
  },
  listMyOrders: { kind: 'self', call: () => ({ method: 'GET', url: '/order/list/' }) },
  listMyCancellations: { kind: 'self', call: () => ({ method: 'GET', url: '/list/order/cancellation/' }) },
  listMyDeliveredProducts: { kind: 'self', call: () => ({ method: 'GET', url: '/list/ordered/products/' }) },
  listMyRatableProducts: { kind: 'self', call: () => ({ method: 'GET', url: '/list/ratable/products/' }) },
  // Only a product the caller received may be reviewed (a product of the catalogue in the path).
  reviewProduct: {
    kind: 'self',
    call: () => ({
      method: 'POST',
      url: `/product/${reviewedProductId}/review/`,
      payload: { rating: 5, review: 'Fresh' },
    }),
  },
  // The path names another customer's review; the mark set or taken back is the caller's own.
  markReviewHelpful: {
    kind: 'self',
    call: () => ({ method: 'PUT', url: `/review/${othersReviewId}/helpful/` }),
  },
  unmarkReviewHelpful: {
    kind: 'self',
    call: () => ({ method: 'DELETE', url: `/review/${othersReviewId}/helpful/` }),
  },

  updateAddress: {
    kind: 'owned',
    call: (owner) => ({
      method: 'PATCH',
      url: `/order/address/update/${owner.addressId}/`,
      payload: { land_mark: 'Temple' },
    }),
    ownerStatus: 200,
  },
  calculateDeliveryCharge: {
    kind: 'owned',
    call: (owner) => ({
      method: 'POST',
      url: '/order/calculate-delivery-charge/',
      payload: { address_id: owner.addressId, cart_items: [{ product_id: productId, quantity: 1 }] },
    }),
    ownerStatus: 200,
  },
  listDeliverySlots: {
    kind: 'owned',
    call: (owner) => ({ method: 'GET', url: `/order/delivery-slots/?address_id=${owner.addressId}` }),
    ownerStatus: 200,
  },
  placeOrder: {
    kind: 'owned',
    call: (owner) => ({
      method: 'POST',
      url: '/checkout/',
      payload: { product_id: [productId], qtys: [1], location: owner.addressId, payment_method: 'cash' },
    }),
    ownerStatus: 201,
  },
  getMyOrder: {
    kind: 'owned',
    call: (owner) => ({ method: 'GET', url: `/order/${owner.orderId}/` }),
    ownerStatus: 200,
  },
  // The owner's order's lines go back into the owner's cart; anyone else's order is a 404.
  buyMyOrderAgain: {
    kind: 'owned',
    call: (owner) => ({ method: 'POST', url: `/order/${owner.orderId}/buy-again/` }),
    ownerStatus: 200,
  },
  // On the owner's cash order it changes nothing (200); on anyone else's it is a 404.
  payOrderWithCash: {
    kind: 'owned',
    call: (owner) => ({ method: 'POST', url: `/payments/${owner.orderId}/cash/` }),
    ownerStatus: 200,
  },
  getOrderPayment: {
    kind: 'owned',
    call: (owner) => ({ method: 'GET', url: `/payments/${owner.pendingOrderId}/` }),
    ownerStatus: 200,
  },
  checkOrderPayment: {
    kind: 'owned',
    call: (owner) => ({ method: 'POST', url: `/payments/${owner.pendingOrderId}/check/` }),
    ownerStatus: 200,
  },
  retryOrderPayment: {
    kind: 'owned',
    call: (owner) => ({
      method: 'POST',
      url: `/payments/${owner.pendingOrderId}/retry/`,
      payload: { provider: 'esewa' },
    }),
    ownerStatus: 200,
  },
  getMyInvoice: {
    kind: 'owned',
    call: (owner) => ({ method: 'GET', url: `/order/${owner.deliveredOrderId}/invoice/` }),
    ownerStatus: 200,
  },
  getMyInvoicePdf: {
    kind: 'owned',
    call: (owner) => ({ method: 'GET', url: `/order/${owner.deliveredOrderId}/invoice/pdf/` }),
    ownerStatus: 200,
  },
  cancelMyOrder: {
    kind: 'owned',
    call: (owner) => ({
      method: 'POST',
      url: `/order/cancel/${owner.orderId}/`,
      payload: { reason: 'Changed my mind' },
    }),
    ownerStatus: 200,
  },
  removeFromWishlist: {
    kind: 'owned',
    call: (owner) => ({ method: 'DELETE', url: `/update/wishlist/${owner.wishlistId}/` }),
    ownerStatus: 200,
  },
  removeBackInStock: {
    kind: 'owned',
    call: (owner) => ({ method: 'DELETE', url: `/update/back-in-stock/${owner.backInStockId}/` }),
    ownerStatus: 200,
  },
  deleteAddress: {
    kind: 'owned',
    call: (owner) => ({ method: 'DELETE', url: `/order/address/delete/${owner.addressId}/` }),
    ownerStatus: 200,
  },

  riderListOrders: {
    kind: 'rider',
    call: () => ({ method: 'GET', url: '/orders/' }),
    ownerStatus: 200,
    perOrder: false,
  },
  riderOutForDelivery: {
    kind: 'rider',
    call: (orderId) => ({ method: 'POST', url: `/orders/${orderId}/out-for-delivery/` }),
    ownerStatus: 200,
    perOrder: true,
  },
  // Run after riderOutForDelivery (object order): the order is out by then.
  riderMarkDelivered: {
    kind: 'rider',
    call: (orderId) => ({
      method: 'POST',
      url: `/orders/${orderId}/delivered/`,
      payload: { cash_collected: 500 },
    }),
    ownerStatus: 200,
    perOrder: true,
  },
  // On the rider's own order that is already delivered it is a 409 (nothing to hand back), never a 404.
  riderNotDelivered: {
    kind: 'rider',
    call: (orderId) => ({
      method: 'POST',
      url: `/orders/${orderId}/not-delivered/`,
      payload: { reason: 'Other' },
    }),
    ownerStatus: 409,
    perOrder: true,
  },
};

let t: TestApp;
let operations: Operation[];
let asha: Customer;
let bikash: Customer;
let staff: StaffMember;
/** Two riders; Ram's order is assigned to him and Packed. */
let ram: StaffMember;
let sita: StaffMember;
let ramsOrderId: number;
/** The customer the console's customer routes act on (one of them disables the account). */
let bystanderId: number;

async function newCustomer(name: string): Promise<Customer> {
  const shopper = await newShopper(t.app, t.db);
  const location = `${name}'s secret tole ${shopper.id}`;
  const address = await createAddress(t.db, shopper.id, { fullName: name, location });
  const order = await createOrder(t.db, { userId: shopper.id, totalPaisa: 50_000 });
  const pending = await createOrder(t.db, { userId: shopper.id, totalPaisa: 50_000, paymentMethod: 'esewa' });
  const [wish] = await t.db
    .insert(wishlistItems)
    .values({ userId: shopper.id, productId: reviewedProductId })
    .returning();
  const [waiting] = await t.db
    .insert(backInStockRequests)
    .values({ userId: shopper.id, productId: soldOutProductId, channel: 'sms' })
    .returning();
  const delivered = await createDeliveredOrder(t.db, shopper.id, [{ product: reviewedProduct }]);
  await issueInvoice(t.db, delivered.id, new Date());
  await addCartLine(t.db, shopper.id, reviewedProductId, 1);
  return {
    ...shopper,
    name,
    location,
    addressId: address.id,
    orderId: order.id,
    pendingOrderId: pending.id,
    deliveredOrderId: delivered.id,
    wishlistId: wish.id,
    backInStockId: waiting.id,
    trackingIds: [order.trackingId, pending.trackingId, delivered.trackingId],
  };
}

function send(call: Call, token?: string, root = API): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: call.method,
    url: `${root}${call.url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(call.payload ? { payload: call.payload } : {}),
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedLocations(t.db);
  const product = await createProduct(t.db, { stock: 100 });
  const reviewed = await createProduct(t.db, { categoryId: product.categoryId, stock: 100 });
  productId = product.id;
  reviewedProductId = reviewed.id;
  reviewedProduct = reviewed;
  soldOutProductId = (await createProduct(t.db, { categoryId: product.categoryId, stock: 0 })).id;
  const [written] = await t.db
    .insert(reviews)
    .values({ productId: reviewed.id, userId: (await createUser(t.db)).id, rating: 4, review: 'Crisp' })
    .returning();
  othersReviewId = written.id;
  operations = await loadOperations(t.app);
  asha = await newCustomer('Asha');
  bikash = await newCustomer('Bikash');
  staff = await newStaff(t.app, t.db);
  bystanderId = (await createUser(t.db)).id;
  ram = await newRider(t.app, t.db, 'Ram');
  sita = await newRider(t.app, t.db, 'Sita');
  const packed = await createOrder(t.db, { userId: bikash.id, totalPaisa: 50_000, orderStatus: 'Packed' });
  await t.db.update(orders).set({ riderId: ram.id }).where(eq(orders.id, packed.id));
  ramsOrderId = packed.id;
});

afterAll(async () => {
  await t?.close();
});

const isConsole = (operation: Operation) => operation.path.startsWith('/api/admin/');

describe('the access matrix covers every operation', () => {
  test('every operation of the document is classified, and every classified one exists', () => {
    const documented = operations.filter((operation) => !isConsole(operation)).map((o) => o.operationId);
    expect(
      documented.filter((id) => !(id in ACCESS)),
      'operations missing from ACCESS',
    ).toEqual([]);
    expect(
      Object.keys(ACCESS).filter((id) => !documented.includes(id)),
      'ACCESS names unknown operations',
    ).toEqual([]);
    for (const operation of operations) {
      const access = isConsole(operation) ? { kind: 'console' } : ACCESS[operation.operationId];
      // The document says a token is needed exactly where the matrix says so.
      expect(operation.needsToken, operation.operationId).toBe(access.kind !== 'public');
    }
  });
});

describe("a customer's things", () => {
  test('a visitor gets 401 with a message from every operation that needs a customer', async () => {
    for (const [operationId, access] of Object.entries(ACCESS)) {
      if (access.kind === 'public') continue;
      const answer =
        access.kind === 'rider'
          ? await send(access.call(ramsOrderId), undefined, RIDER_API)
          : await send(access.call(asha));
      expect(answer.statusCode, operationId).toBe(401);
      expect(answer.json().message, operationId).toBeTruthy();
      expect(answer.headers['cache-control'], operationId).toBe('no-store');
    }
  });

  test("another customer, or a staff member, gets 404 for someone else's object and changes nothing", async () => {
    const tables = await tableNames(t.db);
    const before = await tableChecksums(t.db, tables);
    for (const [operationId, access] of Object.entries(ACCESS)) {
      if (access.kind !== 'owned') continue;
      for (const [who, token] of [
        ['Bikash', bikash.token],
        ['staff', staff.token],
      ] as const) {
        const answer = await send(access.call(asha), token);
        expect(answer.statusCode, `${operationId} as ${who}`).toBe(404);
        expect(answer.json().message, `${operationId} as ${who}`).toBeTruthy();
        expect(answer.headers['cache-control'], `${operationId} as ${who}`).toBe('no-store');
        expect(answer.body, operationId).not.toContain(asha.location);
      }
    }
    expect(changedTables(before, await tableChecksums(t.db, tables))).toEqual([]);
  });

  test("reading one's own things shows nothing of another customer's, and nothing may be cached", async () => {
    for (const [operationId, access] of Object.entries(ACCESS)) {
      if (access.kind !== 'self') continue;
      const call = access.call(asha);
      const answer = await send(call, asha.token);
      expect([401, 403], `${operationId} answered ${answer.statusCode}`).not.toContain(answer.statusCode);
      expect(answer.statusCode, `${operationId}: ${answer.body}`).toBeLessThan(500);
      if (call.method === 'GET') expect(answer.statusCode, operationId).toBe(200);
      expect(answer.headers['cache-control'], operationId).toBe('no-store');
      for (const secret of [bikash.location, ...bikash.trackingIds, bikash.name]) {
        expect(answer.body, `${operationId} shows Bikash's ${secret}`).not.toContain(secret);
      }
    }
  });

  test('the owner succeeds on each of their objects, with no-store answers', async () => {
    for (const [operationId, access] of Object.entries(ACCESS)) {
      if (access.kind !== 'owned') continue;
      const answer = await send(access.call(asha), asha.token);
      expect(answer.statusCode, `${operationId}: ${answer.body}`).toBe(access.ownerStatus);
      expect(answer.headers['cache-control'], operationId).toBe('no-store');
    }
  });
});

describe("the rider's screen", () => {
  const riderOperations = () =>
    Object.entries(ACCESS).filter(
      (entry): entry is [string, Extract<Access, { kind: 'rider' }>] => entry[1].kind === 'rider',
    );

  test('a customer and a staff member get 403 from every rider operation, and nothing changes', async () => {
    const tables = await tableNames(t.db);
    const before = await tableChecksums(t.db, tables);
    for (const [operationId, access] of riderOperations()) {
      for (const [who, token] of [
        ['Asha', asha.token],
        ['staff', staff.token],
      ] as const) {
        const answer = await send(access.call(ramsOrderId), token, RIDER_API);
        expect(answer.statusCode, `${operationId} as ${who}`).toBe(403);
        expect(answer.headers['cache-control'], operationId).toBe('no-store');
      }
    }
    expect(changedTables(before, await tableChecksums(t.db, tables))).toEqual([]);
  });

  test('another rider gets 404 for an order that is not theirs and changes nothing; sees none of it', async () => {
    const tables = await tableNames(t.db);
    const before = await tableChecksums(t.db, tables);
    for (const [operationId, access] of riderOperations()) {
      const answer = await send(access.call(ramsOrderId), sita.token, RIDER_API);
      if (access.perOrder) expect(answer.statusCode, operationId).toBe(404);
      else expect(answer.statusCode, operationId).toBe(200);
      expect(answer.body, operationId).not.toContain(bikash.name);
    }
    expect(changedTables(before, await tableChecksums(t.db, tables))).toEqual([]);
  });

  test('the assigned rider succeeds on their order', async () => {
    for (const [operationId, access] of riderOperations()) {
      const answer = await send(access.call(ramsOrderId), ram.token, RIDER_API);
      expect(answer.statusCode, `${operationId}: ${answer.body}`).toBe(access.ownerStatus);
      expect(answer.headers['cache-control'], operationId).toBe('no-store');
    }
  });

  test('a rider gets 403 from every console operation', async () => {
    for (const operation of operations.filter(isConsole)) {
      const answer = await t.app.inject({
        method: operation.method,
        url: operation.path.replace(/\{[^}]+\}/g, '1'),
        headers: { authorization: `Bearer ${ram.token}` },
        ...(['POST', 'PUT', 'PATCH'].includes(operation.method) ? { payload: {} } : {}),
      });
      expect(answer.statusCode, operation.operationId).toBe(403);
      expect(answer.json(), operation.operationId).toEqual({ message: STAFF_ONLY });
    }
  });
});

describe('the console', () => {
  const consoleUrl = (operation: Operation) =>
    operation.path.replace(/\{customerId\}/, String(bystanderId)).replace(/\{[^}]+\}/g, '1');

  test('a visitor gets 401, a customer 403, a staff member gets through; nothing is cached', async () => {
    const consoleOperations = operations.filter(isConsole);
    expect(consoleOperations.length).toBeGreaterThan(30);
    for (const operation of consoleOperations) {
      const call = (token?: string) =>
        t.app.inject({
          method: operation.method,
          url: `${consoleUrl(operation)}?version=1`,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(['POST', 'PUT', 'PATCH'].includes(operation.method) ? { payload: {} } : {}),
        });
      const label = operation.operationId;
      const visitor = await call();
      expect(visitor.statusCode, label).toBe(401);
      const customer = await call(asha.token);
      expect(customer.statusCode, label).toBe(403);
      expect(customer.json(), label).toEqual({ message: STAFF_ONLY });
      const member = await call(staff.token);
      expect([401, 403], `${label} answered ${member.statusCode}`).not.toContain(member.statusCode);
      expect(member.statusCode, label).toBeLessThan(500);
      for (const answer of [visitor, customer, member]) {
        expect(answer.headers['cache-control'], label).toBe('no-store');
      }
    }
  });

  test("staff may read a customer's record in the console; a customer may not read another's", async () => {
    const url = `/api/admin/customers/${asha.id}/`;
    const asStaff = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.headers['cache-control']).toBe('no-store');
    const asBikash = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${bikash.token}` },
    });
    expect(asBikash.statusCode).toBe(403);
    expect(asBikash.body).not.toContain(asha.location);
  });
});
