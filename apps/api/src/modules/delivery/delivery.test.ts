import { type DeliveryInfo, missingForFreeDelivery } from '@pasal/contract/delivery';
import { asc, eq, min, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { products } from '../../db/schema/catalogue';
import { deliveryStations, municipalities, stationCoverage } from '../../db/schema/locations';
import { seedLocations } from '../../seed/locations';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  createAddress,
  createDeliveryStation,
  createFlashSale,
  createProduct,
  createUser,
} from '../../test/factories';
import { API, login } from '../auth/auth-test-helpers';

let t: TestApp;
let me: { id: number; token: string };
beforeAll(async () => {
  t = await buildTestApp();
  await seedLocations(t.db);
  const rows = await t.db
    .select({ id: municipalities.id })
    .from(municipalities)
    .where(
      notInArray(
        municipalities.id,
        t.db.select({ id: stationCoverage.municipalityId }).from(stationCoverage),
      ),
    )
    .orderBy(asc(municipalities.id));
  unserved = rows.map((r) => r.id);
  me = await customer();
});
afterAll(async () => {
  await t.close();
});

// Local levels no demo station serves: each test gives its own a station at the distance it needs.
let unserved: number[] = [];
function freshLocalLevel(): number {
  const id = unserved.shift();
  if (id === undefined) throw new Error('out of unserved local levels');
  return id;
}

async function customer() {
  const user = await createUser(t.db);
  const { access_token } = await login(t.app, user.phone!, 'Passw0rd!');
  return { id: user.id, token: access_token };
}

function quote(token: string | null, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: `${API}/order/calculate-delivery-charge/`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload,
  });
}

async function info(payload: object, token = me.token): Promise<DeliveryInfo> {
  const res = await quote(token, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { delivery_info: DeliveryInfo } }>().data.delivery_info;
}

/** An address of `me` in a local level served by one default-rule station at `km`. */
async function addressAt(km: string, station: Partial<typeof deliveryStations.$inferInsert> = {}) {
  const municipalityId = freshLocalLevel();
  await createDeliveryStation(t.db, [{ municipalityId, distanceKm: km }], station);
  return createAddress(t.db, me.id, { municipalityId });
}

/** One line worth exactly `paisa`. */
async function lineWorth(paisa: number, quantity = 1) {
  const product = await createProduct(t.db, {
    sellingPrice: paisa / quantity,
    markedPrice: paisa / quantity,
    stock: 50,
  });
  return { product_id: product.id, quantity };
}

describe('delivery charge: access and ownership', () => {
  test('visitors get 401', async () => {
    expect((await quote(null, { address_id: null, cart_items: [] })).statusCode).toBe(401);
  });

  test('someone else’s address, or a deleted one, is a 404 even for an empty cart', async () => {
    const stranger = await customer();
    const theirs = await createAddress(t.db, stranger.id);
    for (const cart_items of [[], [await lineWorth(10_000)]]) {
      const res = await quote(me.token, { address_id: theirs.id, cart_items });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Address not found.');
    }
    const deleted = await createAddress(t.db, me.id, { deletedAt: new Date() });
    expect((await quote(me.token, { address_id: deleted.id, cart_items: [] })).statusCode).toBe(404);
  });
});

describe('delivery charge: the rule', () => {
  test('the base charge covers the first 3 km; each started km beyond adds Rs 15', async () => {
    const cart = [await lineWorth(50_000)];
    const expected: [string, number, number][] = [
      ['0.50', 50, 0.5],
      ['3.00', 50, 3],
      ['3.01', 65, 3.01],
      ['4.00', 65, 4],
      ['4.01', 80, 4.01],
    ];
    for (const [km, charge, distance] of expected) {
      const address = await addressAt(km);
      expect(await info({ address_id: address.id, cart_items: cart }), km).toEqual({
        delivery_charge: charge,
        delivery_time: 'Same day',
        distance,
        free_delivery_from: 1500,
      });
    }
  });

  test('same day up to 10 km inclusive, next day beyond', async () => {
    const cart = [await lineWorth(50_000)];
    const at10 = await addressAt('10.00');
    expect(await info({ address_id: at10.id, cart_items: cart })).toEqual({
      delivery_charge: 155,
      delivery_time: 'Same day',
      distance: 10,
      free_delivery_from: 1500,
    });
    const beyond = await addressAt('10.01');
    expect(await info({ address_id: beyond.id, cart_items: cart })).toEqual({
      delivery_charge: 170,
      delivery_time: 'Next day',
      distance: 10.01,
      free_delivery_from: 1500,
    });
  });

  test('free from Rs 1500 of goods: exactly at the threshold is free, one paisa short is not', async () => {
    const address = await addressAt('5.00');
    const atThreshold = await info({ address_id: address.id, cart_items: [await lineWorth(150_000, 3)] });
    expect(atThreshold).toEqual({
      delivery_charge: 0,
      delivery_time: 'Same day',
      distance: 5,
      free_delivery_from: 1500,
    });
    const short = await info({
      address_id: address.id,
      cart_items: [await lineWorth(100_000), await lineWorth(49_999)],
    });
    expect(short.delivery_charge).toBe(80);
  });

  test('each station’s own parameters apply, and a station may never deliver free', async () => {
    const address = await addressAt('7.50', {
      baseChargePaisa: 10_000,
      baseKm: 5,
      perKmPaisa: 2_550,
      freeFromPaisa: null,
      sameDayMaxKm: 5,
    });
    const big = await info({ address_id: address.id, cart_items: [await lineWorth(1_000_000, 10)] });
    // Rs 100 + 3 started km × Rs 25.50
    expect(big).toEqual({
      delivery_charge: 176.5,
      delivery_time: 'Next day',
      distance: 7.5,
      free_delivery_from: null,
    });
  });

  test('prices are the server’s current ones: a flash sale can bring a cart under the free threshold', async () => {
    const address = await addressAt('2.00');
    const product = await createProduct(t.db, { sellingPrice: 160_000, markedPrice: 180_000 });
    const cart = [{ product_id: product.id, quantity: 1, price: 0, selling_price: 99_999, total: 10 }];
    expect((await info({ address_id: address.id, cart_items: cart })).delivery_charge).toBe(0);
    await createFlashSale(t.db, product.id, { discountedPrice: 140_000 });
    expect((await info({ address_id: address.id, cart_items: cart })).delivery_charge).toBe(50);
    // A flash sale that has ended no longer counts.
    const other = await createProduct(t.db, { sellingPrice: 160_000, markedPrice: 180_000 });
    await createFlashSale(t.db, other.id, {
      discountedPrice: 100,
      startsAt: new Date(Date.now() - 172_800_000),
      endsAt: new Date(Date.now() - 86_400_000),
    });
    const ended = await info({ address_id: address.id, cart_items: [{ product_id: other.id, quantity: 1 }] });
    expect(ended.delivery_charge).toBe(0);
  });

  test('the station chosen on the address delivers while it serves; otherwise the nearest one', async () => {
    const municipalityId = freshLocalLevel();
    const near = await createDeliveryStation(t.db, [{ municipalityId, distanceKm: '2.00' }]);
    const far = await createDeliveryStation(t.db, [{ municipalityId, distanceKm: '6.00' }]);
    const chosenFar = await createAddress(t.db, me.id, { municipalityId, nearestBranchId: far.id });
    const none = await createAddress(t.db, me.id, { municipalityId });
    const cart = [await lineWorth(20_000)];
    expect(await info({ address_id: chosenFar.id, cart_items: cart })).toMatchObject({
      distance: 6,
      delivery_charge: 95,
    });
    expect(await info({ address_id: none.id, cart_items: cart })).toMatchObject({
      distance: 2,
      delivery_charge: 50,
    });
    await t.db.update(deliveryStations).set({ isActive: false }).where(eq(deliveryStations.id, far.id));
    expect(await info({ address_id: chosenFar.id, cart_items: cart })).toMatchObject({ distance: 2 });
    await t.db.update(deliveryStations).set({ isActive: false }).where(eq(deliveryStations.id, near.id));
    const res = await quote(me.token, { address_id: chosenFar.id, cart_items: cart });
    expect(res.statusCode).toBe(400);
  });
});

describe('delivery charge: nothing to deliver, nowhere to deliver', () => {
  test('0 for an empty cart or without an address', async () => {
    const address = await addressAt('8.00');
    const nothing = { delivery_charge: 0, delivery_time: null, distance: null, free_delivery_from: null };
    expect(await info({ address_id: address.id, cart_items: [] })).toEqual(nothing);
    // Without an address the hint uses the lowest free-delivery amount of the active stations.
    const anywhere = { ...nothing, free_delivery_from: expect.any(Number) };
    expect(await info({ address_id: null, cart_items: [await lineWorth(10_000)] })).toEqual(anywhere);
    expect(await info({ cart_items: [await lineWorth(10_000)] })).toEqual(anywhere);
    expect(await info({ address_id: '', cart_items: [] })).toEqual(anywhere);
  });

  test('an address no station serves: "No service stations available for this location."', async () => {
    const unserved = await createAddress(t.db, me.id, { municipalityId: freshLocalLevel() });
    const res = await quote(me.token, { address_id: unserved.id, cart_items: [await lineWorth(10_000)] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'No service stations available for this location.',
      msg: 'No service stations available for this location.',
    });
  });
});

describe('the free-delivery hint (decision 047)', () => {
  test('the delivering station’s amount; without an address the lowest any active station offers', async () => {
    const cheap = await addressAt('1.00', { freeFromPaisa: 90_000 });
    const cart = [await lineWorth(50_000)];
    expect((await info({ address_id: cheap.id, cart_items: cart })).free_delivery_from).toBe(900);
    const [row] = await t.db
      .select({ lowest: min(deliveryStations.freeFromPaisa) })
      .from(deliveryStations)
      .where(eq(deliveryStations.isActive, true));
    expect((await info({ address_id: null, cart_items: cart })).free_delivery_from).toBe(
      (row.lowest ?? 0) / 100,
    );
    expect(row.lowest).toBeLessThanOrEqual(90_000);
    expect(missingForFreeDelivery(50_000, 90_000)).toBe(40_000);
    expect(missingForFreeDelivery(90_000, 90_000)).toBeNull();
    expect(missingForFreeDelivery(0, 90_000)).toBeNull();
    expect(missingForFreeDelivery(50_000, null)).toBeNull();
  });
});

describe('delivery charge: malformed requests', () => {
  test('bad bodies are a 400 with a message', async () => {
    const address = await addressAt('1.00');
    const { product_id } = await lineWorth(10_000);
    const cases: [object, string][] = [
      [{ address_id: address.id }, 'cart_items'],
      [{ address_id: address.id, cart_items: 'all' }, 'cart_items'],
      [{ address_id: 'home', cart_items: [] }, 'address_id'],
      [{ address_id: address.id, cart_items: [{ product_id, quantity: 0 }] }, 'cart_items.0.quantity'],
      [{ address_id: address.id, cart_items: [{ product_id, quantity: -2 }] }, 'cart_items.0.quantity'],
      [{ address_id: address.id, cart_items: [{ product_id, quantity: 1.5 }] }, 'cart_items.0.quantity'],
      [{ address_id: address.id, cart_items: [{ product_id, quantity: 1001 }] }, 'cart_items.0.quantity'],
      [{ address_id: address.id, cart_items: [{ product_id, quantity: '2' }] }, 'cart_items.0.quantity'],
      [{ address_id: address.id, cart_items: [{ quantity: 1 }] }, 'cart_items.0.product_id'],
      [{ address_id: address.id, cart_items: [{ product_id: 'x', quantity: 1 }] }, 'cart_items.0.product_id'],
      [
        {
          address_id: address.id,
          cart_items: [
            { product_id, quantity: 1 },
            { product_id, quantity: 2 },
          ],
        },
        'cart_items',
      ],
    ];
    for (const [payload, field] of cases) {
      const res = await quote(me.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().error ?? {}), JSON.stringify(payload)).toContain(field);
    }
    const duplicate = await quote(me.token, {
      address_id: address.id,
      cart_items: [
        { product_id, quantity: 1 },
        { product_id, quantity: 1 },
      ],
    });
    expect(duplicate.json().message).toBe('cart_items: Each product may appear only once in cart_items');
  });

  test('unknown or withdrawn products are a 400 naming them', async () => {
    const address = await addressAt('1.00');
    const known = await lineWorth(10_000);
    const unknown = await quote(me.token, {
      address_id: address.id,
      cart_items: [known, { product_id: 987_654, quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'Product 987654 is not available.' });
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, known.product_id));
    const withdrawn = await quote(me.token, { address_id: address.id, cart_items: [known] });
    expect(withdrawn.statusCode).toBe(400);
    expect(withdrawn.json().message).toBe(`Product ${known.product_id} is not available.`);
  });
});
