import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedLocations } from '../seed/locations';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createAddress, createDeliveredOrder, createProduct } from '../test/factories';
import { call, newShopper, type Shopper } from '../test/shopper';

// Text a customer writes is kept exactly as written (no escaping, stripping or "sanitising" on the
// way in): making it inert is the screens' job (e2e xss.spec.ts), and an API client must get back
// what was sent. Markup, quotes, SQL and non-Latin letters survive the round trip.

const SCRIPT = '<script>alert("x")</script>';
const IMAGE = `<img src=x onerror="alert('x')">`;
const QUOTES = `O'Brien "&amp;" ; DROP TABLE users; --`;
const NEPALI = 'सीता <b>शर्मा</b>';

let t: TestApp;
let me: Shopper;

beforeAll(async () => {
  t = await buildTestApp();
  await seedLocations(t.db);
  me = await newShopper(t.app, t.db);
});

afterAll(async () => {
  await t?.close();
});

describe('customer text is stored as written', () => {
  test('names: letters only (decision 035); markup is refused, not rewritten', async () => {
    const refused = await call(t.app, 'PUT', '/profile/update/', {
      as: me,
      payload: { user: { first_name: SCRIPT, middle_name: QUOTES, last_name: IMAGE } },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    const update = await call(t.app, 'PUT', '/profile/update/', {
      as: me,
      payload: { user: { first_name: 'सीता', middle_name: "O'Brien", last_name: 'Rai-Limbu' } },
    });
    expect(update.statusCode, update.body).toBe(200);
    const { user } = (await call(t.app, 'GET', '/profile/', { as: me })).json().data;
    expect([user.first_name, user.middle_name, user.last_name]).toEqual(['सीता', "O'Brien", 'Rai-Limbu']);
  });

  test('addresses', async () => {
    const seeded = await createAddress(t.db, me.id);
    const created = await call(t.app, 'POST', '/order/address/create/', {
      as: me,
      payload: {
        full_name: SCRIPT,
        phone: '9841000000',
        location: IMAGE,
        land_mark: QUOTES,
        province: seeded.provinceId,
        district: seeded.districtId,
        municipality: seeded.municipalityId,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = (await call(t.app, 'GET', '/order/address/list/', { as: me })).json().data;
    const mine = list.find((address: { id: number }) => address.id === created.json().data.id);
    expect([mine.full_name, mine.location, mine.land_mark]).toEqual([SCRIPT, IMAGE, QUOTES]);
  });

  test('order notes and a cancellation reason', async () => {
    const product = await createProduct(t.db, { stock: 5 });
    const address = await createAddress(t.db, me.id);
    const placed = await call(t.app, 'POST', '/checkout/', {
      as: me,
      payload: { product_id: [product.id], qtys: [1], location: address.id, notes: IMAGE },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().order_id;
    const order = (await call(t.app, 'GET', `/order/${id}/`, { as: me })).json();
    expect(JSON.stringify(order)).toContain(JSON.stringify(IMAGE).slice(1, -1));
    const cancelled = await call(t.app, 'POST', `/order/cancel/${id}/`, {
      as: me,
      payload: { reason: SCRIPT },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const cancellations = (await call(t.app, 'GET', '/list/order/cancellation/', { as: me })).json();
    expect(JSON.stringify(cancellations)).toContain(JSON.stringify(SCRIPT).slice(1, -1));
  });

  test('reviews', async () => {
    const product = await createProduct(t.db);
    await createDeliveredOrder(t.db, me.id, [{ product }]);
    const review = await call(t.app, 'POST', `/product/${product.id}/review/`, {
      as: me,
      payload: { rating: 4, review: `${NEPALI} ${IMAGE}` },
    });
    expect(review.statusCode, review.body).toBe(201);
    const detail = (await call(t.app, 'GET', `/product/detail/${product.slug}/`)).json();
    expect(JSON.stringify(detail)).toContain(JSON.stringify(`${NEPALI} ${IMAGE}`).slice(1, -1));
  });
});
