import { and, eq } from 'drizzle-orm';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { products, reviews } from '../db/schema/catalogue';
import { orderCancellations, orders } from '../db/schema/orders';
import { addresses, wishlistItems } from '../db/schema/shopping';
import { users } from '../db/schema/users';
import { API, nextAddress } from '../modules/auth/auth-test-helpers';
import { seedLocations } from '../seed/locations';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import {
  createAddress,
  createDeliveredOrder,
  createOrder,
  createProduct,
  createUser,
} from '../test/factories';
import { newShopper, type Shopper } from '../test/shopper';
import { newStaff, type StaffMember } from '../test/staff';
import { changedTables, tableChecksums, tableNames } from './database-checksum';
import { PRIVILEGED_FIELDS } from './malformed-requests';

// Extra fields a client must never set (price, status, user_id, is_staff, paid, total_amount…) are
// sent with every write: the request is either refused (and changes nothing) or they are ignored.

let t: TestApp;
let me: Shopper;
let victim: Awaited<ReturnType<typeof createUser>>;
let staff: StaffMember;
let product: Awaited<ReturnType<typeof createProduct>>;
let tables: string[];

/** The privileged fields, aimed at another customer where they name one. */
function extras(): Record<string, unknown> {
  return { ...PRIVILEGED_FIELDS, id: victim.id, user: victim.id, user_id: victim.id, userId: victim.id };
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedLocations(t.db);
  me = await newShopper(t.app, t.db);
  victim = await createUser(t.db);
  staff = await newStaff(t.app, t.db);
  product = await createProduct(t.db, { stock: 50, sellingPrice: 18_000, markedPrice: 20_000 });
  tables = await tableNames(t.db);
});

afterAll(async () => {
  await t?.close();
});

function send(
  method: HTTPMethods,
  url: string,
  payload: object,
  token = me.token,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    payload,
    remoteAddress: nextAddress(),
  });
}

/**
 * Sends the write; a refusal must be a 400 that changed nothing, an acceptance is checked by `check`.
 * Answers which of the two happened (so the test can say so).
 */
async function withExtras(
  write: () => Promise<LightMyRequestResponse>,
  check: (answer: LightMyRequestResponse) => Promise<void>,
): Promise<'refused' | 'ignored'> {
  const before = await tableChecksums(t.db, tables);
  const answer = await write();
  expect(answer.statusCode, answer.body).toBeLessThan(500);
  if (answer.statusCode >= 400) {
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().message).toBeTruthy();
    expect(changedTables(before, await tableChecksums(t.db, tables))).toEqual([]);
    return 'refused';
  }
  await check(answer);
  return 'ignored';
}

async function myRow() {
  const [row] = await t.db.select().from(users).where(eq(users.id, me.id));
  return row;
}

describe('mass assignment: extra fields in a body change nothing', () => {
  test('profile update: no staff rights, no other account, no revoked tokens', async () => {
    const before = await myRow();
    const outcome = await withExtras(
      () =>
        send('PUT', `${API}/profile/update/`, {
          ...extras(),
          user: { ...extras(), first_name: 'Maya', last_name: 'Gurung', email: 'taken@example.com' },
          gender: 'Female',
        }),
      async () => {
        const after = await myRow();
        expect(after.firstName).toBe('Maya');
        expect({
          ...after,
          firstName: before.firstName,
          lastName: before.lastName,
          gender: before.gender,
          updatedAt: before.updatedAt,
        }).toEqual(before);
        const [other] = await t.db.select().from(users).where(eq(users.id, victim.id));
        expect(other.firstName).toBe(victim.firstName);
      },
    );
    expect(outcome).toBe('ignored');
  });

  test('sign-up: the new account is a plain, unverified customer', async () => {
    await withExtras(
      () =>
        t.app.inject({
          method: 'POST',
          url: `${API}/signup/`,
          remoteAddress: nextAddress(),
          payload: {
            ...extras(),
            email: 'mass@example.com',
            password: 'Kathmandu#2024',
            confirm_password: 'Kathmandu#2024',
            first_name: 'Mass',
            last_name: 'Assign',
            phone: '9812345670',
          },
        }),
      async () => {
        const [created] = await t.db.select().from(users).where(eq(users.email, 'mass@example.com'));
        expect(created.isStaff).toBe(false);
        expect(created.id).not.toBe(victim.id);
      },
    );
  });

  test('addresses belong to the caller, whatever user_id says', async () => {
    const location = 'Mass tole';
    await withExtras(
      () =>
        send('POST', `${API}/order/address/create/`, {
          ...extras(),
          full_name: 'Maya',
          phone: '9841000000',
          location,
          province: 3,
          district: 27,
          municipality: 1,
        }),
      async () => {
        const rows = await t.db.select().from(addresses).where(eq(addresses.location, location));
        expect(rows.map((row) => row.userId)).toEqual([me.id]);
      },
    );
    const own = await createAddress(t.db, me.id);
    await withExtras(
      () => send('PATCH', `${API}/order/address/update/${own.id}/`, { ...extras(), land_mark: 'Temple' }),
      async () => {
        const [row] = await t.db.select().from(addresses).where(eq(addresses.id, own.id));
        expect(row.userId).toBe(me.id);
      },
    );
  });

  test('cart and wishlist: prices stay the shop’s, lines stay the caller’s', async () => {
    await withExtras(
      () =>
        send('POST', `${API}/cart/add/`, {
          ...extras(),
          cart_products: [{ product: product.id, quantity: 1, price: 1, selling_price: 1 }],
        }),
      async (answer) => {
        expect(JSON.stringify(answer.json())).toContain('180');
      },
    );
    await withExtras(
      () => send('POST', `${API}/create/wishlist/`, { ...extras(), item: product.id }),
      async () => {
        const rows = await t.db.select().from(wishlistItems).where(eq(wishlistItems.productId, product.id));
        expect(rows.map((row) => row.userId)).toEqual([me.id]);
      },
    );
  });

  test('checkout: the server decides the total, the status and the payment', async () => {
    const address = await createAddress(t.db, me.id);
    const outcome = await withExtras(
      () =>
        send('POST', `${API}/checkout/`, {
          ...extras(),
          product_id: [product.id],
          qtys: [2],
          location: address.id,
          payment_method: 'cash',
        }),
      async (answer) => {
        const placed = await t.db.select().from(orders).where(eq(orders.addressId, address.id));
        expect(placed).toHaveLength(1);
        const [order] = placed;
        expect(order.userId).toBe(me.id);
        expect(order.orderStatus).toBe('Order Processing');
        expect(order.paymentStatus).toBe('Unpaid');
        expect(order.paymentCompleted).toBe(false);
        expect(order.subtotal).toBe(2 * product.sellingPrice);
        expect(order.discount).toBe(0);
        expect(order.total).toBe(order.subtotal + order.deliveryCharge);
        expect(answer.statusCode).toBe(201);
      },
    );
    // The checkout's body is strict: unknown fields are refused outright.
    expect(outcome).toBe('refused');
  });

  test('cancelling: the order is cancelled by its customer, nothing more', async () => {
    const order = await createOrder(t.db, { userId: me.id, totalPaisa: 30_000 });
    await withExtras(
      () => send('POST', `${API}/order/cancel/${order.id}/`, { ...extras(), reason: 'Changed my mind' }),
      async () => {
        const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
        expect(row.orderStatus).toBe('Cancelled');
        expect(row.paymentStatus).toBe('Unpaid');
        expect(row.userId).toBe(me.id);
        const [cancellation] = await t.db
          .select()
          .from(orderCancellations)
          .where(eq(orderCancellations.orderId, order.id));
        expect(cancellation.cancelledBy).toBe('customer');
      },
    );
  });

  test('reviews are the caller’s, of the product in the path', async () => {
    const bought = await createProduct(t.db, { categoryId: product.categoryId });
    await createDeliveredOrder(t.db, me.id, [{ product: bought }]);
    await withExtras(
      () =>
        send('POST', `${API}/product/${bought.id}/review/`, {
          ...extras(),
          product: product.id,
          rating: 4,
          review: 'Good',
        }),
      async () => {
        const rows = await t.db.select().from(reviews).where(eq(reviews.userId, me.id));
        expect(rows.map((row) => row.productId)).toEqual([bought.id]);
      },
    );
    const aimed = await t.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.userId, victim.id)));
    expect(aimed).toEqual([]);
  });

  test('console writes refuse fields that are not theirs', async () => {
    const [before] = await t.db.select().from(products).where(eq(products.id, product.id));
    await withExtras(
      () =>
        send(
          'PATCH',
          `/api/admin/products/${product.id}/`,
          { ...extras(), version: before.version, title: 'Renamed' },
          staff.token,
        ),
      async () => {
        const [after] = await t.db.select().from(products).where(eq(products.id, product.id));
        expect(after.id).toBe(product.id);
        expect(after.createdAt).toEqual(before.createdAt);
      },
    );
    await withExtras(
      () =>
        send('POST', `/api/admin/customers/${victim.id}/disable/`, { ...extras(), reason: 'x' }, staff.token),
      async () => {
        const [row] = await t.db.select().from(users).where(eq(users.id, victim.id));
        expect(row.isStaff).toBe(false);
      },
    );
  });

  test('after all of it, the only staff member is the one made staff, and no order is paid', async () => {
    const staffIds = (await t.db.select({ id: users.id }).from(users).where(eq(users.isStaff, true))).map(
      (row) => row.id,
    );
    expect(staffIds).toEqual([staff.id]);
    const paid = await t.db.select().from(orders).where(eq(orders.paymentCompleted, true));
    // The delivered order of the review test is paid on delivery, as the factory writes it.
    expect(paid.every((order) => order.orderStatus === 'Delivered')).toBe(true);
  });
});
