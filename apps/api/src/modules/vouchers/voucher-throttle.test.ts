import { checkoutRequest } from '@pasal/contract/checkout';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedLocations } from '../../seed/locations';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { addCartLine, createProduct, createUser, createVoucher } from '../../test/factories';
import type { Shopper } from '../../test/shopper';
import { API } from '../auth/auth-test-helpers';
import { issueTokens } from '../auth/session-service';
import { body, customerWithAddress, order, ordersOf } from '../checkout/checkout-test-helpers';
import { claimKey, requestHash, storeAnswer } from '../checkout/idempotency';
import { PROMO_THROTTLED, PROMO_TRIES_PER_ADDRESS, PROMO_TRIES_PER_CUSTOMER } from './promo-tries';

// Guessing promo codes: refused tries are limited per customer and per client address (decision 038).

let t: TestApp;
let address = 0;
beforeAll(async () => {
  t = await buildTestApp();
  await seedLocations(t.db);
  await createVoucher(t.db, { code: 'REALCODE' });
});
afterAll(async () => {
  await t.close();
});

/** A customer with something in the cart, signed in the way login signs them in. */
async function customer(): Promise<Shopper> {
  const user = await createUser(t.db);
  const product = await createProduct(t.db, { sellingPrice: 100_000, markedPrice: 100_000, stock: 50 });
  await addCartLine(t.db, user.id, product.id, 1);
  return {
    id: user.id,
    token: (await issueTokens(t.db, t.app.config.jwtSecret, user)).access,
  };
}

/** Each test's requests come from client addresses of their own. */
const newAddress = () => `203.0.113.${++address}`;

function apply(as: Shopper, code: string, from: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `${API}/voucher/apply/`,
    remoteAddress: from,
    headers: { authorization: `Bearer ${as.token}` },
    payload: { code, order_total: 0 },
  });
}

function expectThrottled(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json().message).toBe(PROMO_THROTTLED);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
}

describe('guessing promo codes', () => {
  test('a customer who keeps trying wrong codes is held up, even for a right one; others are not', async () => {
    const guesser = await customer();
    const from = newAddress();
    for (let i = 0; i < PROMO_TRIES_PER_CUSTOMER; i += 1) {
      const wrong = await apply(guesser, `GUESS${i}`, from);
      expect(wrong.statusCode, wrong.body).toBe(400);
      expect(wrong.json().message).toBe('Invalid promo code');
    }
    expectThrottled(await apply(guesser, 'GUESSX', from));
    // A right code tells nothing now: whether it exists is what a guesser wants to learn.
    expectThrottled(await apply(guesser, 'REALCODE', from));
    // From another address too: the limit is the customer's.
    expectThrottled(await apply(guesser, 'GUESSY', newAddress()));

    const neighbour = await customer();
    expect((await apply(neighbour, 'REALCODE', from)).statusCode).toBe(200);
  });

  test('one client address trying codes through many accounts is held up', async () => {
    const from = newAddress();
    let tries = 0;
    while (tries < PROMO_TRIES_PER_ADDRESS) {
      const account = await customer();
      for (let i = 0; i < 5 && tries < PROMO_TRIES_PER_ADDRESS; i += 1, tries += 1) {
        expect((await apply(account, `MANY${tries}`, from)).statusCode).toBe(400);
      }
    }
    const fresh = await customer();
    expectThrottled(await apply(fresh, 'MANY-NEXT', from));
    expect((await apply(fresh, 'REALCODE', newAddress())).statusCode).toBe(200);
  });

  test('a code that applies is never held up, however often it is checked', async () => {
    const shopper = await customer();
    const from = newAddress();
    for (let i = 0; i < PROMO_TRIES_PER_CUSTOMER + 5; i += 1) {
      const response = await apply(shopper, 'REALCODE', from);
      expect(response.statusCode, response.body).toBe(200);
    }
    // The wrong tries still have their full allowance.
    for (let i = 0; i < PROMO_TRIES_PER_CUSTOMER; i += 1)
      expect((await apply(shopper, `TYPO${i}`, from)).statusCode).toBe(400);
    expectThrottled(await apply(shopper, 'TYPO-NEXT', from));
  });

  test('tries sent all at once cannot slip past the limit', async () => {
    const guesser = await customer();
    const from = newAddress();
    const answers = await Promise.all(
      Array.from({ length: PROMO_TRIES_PER_CUSTOMER + 8 }, (_, i) => apply(guesser, `RUSH${i}`, from)),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 400)).toHaveLength(PROMO_TRIES_PER_CUSTOMER);
    expect(codes.filter((code) => code === 429)).toHaveLength(8);
  });
});

describe('promo codes tried at checkout', () => {
  test('count as tries at /voucher/apply/ do: past the limit checkout refuses with 429, and so does apply', async () => {
    const guesser = await customerWithAddress(t.app, t.db);
    const product = await createProduct(t.db, { stock: 50 });
    for (let i = 0; i < PROMO_TRIES_PER_CUSTOMER; i += 1) {
      const wrong = await order(
        t.app,
        guesser,
        body(guesser.addressId, [[product.id, 1]], { voucher_code: `CHK${i}` }),
      );
      expect(wrong.statusCode, wrong.body).toBe(400);
      expect(wrong.json().reason).toBe('invalid');
    }
    expectThrottled(
      await order(t.app, guesser, body(guesser.addressId, [[product.id, 1]], { voucher_code: 'REALCODE' })),
    );
    expectThrottled(await apply(guesser, 'REALCODE', newAddress()));
    expect(await ordersOf(t.db, guesser.id)).toEqual([]);
  });

  test('a retry of an order already placed gets its answer back, however many codes were tried since', async () => {
    const buyer = await customerWithAddress(t.app, t.db);
    const product = await createProduct(t.db, { stock: 50, sellingPrice: 100_000, markedPrice: 100_000 });
    const payload = body(buyer.addressId, [[product.id, 1]], { voucher_code: 'REALCODE' });
    const first = await order(t.app, buyer, payload, 'retry-key-1');
    expect(first.statusCode, first.body).toBe(201);
    const from = newAddress();
    for (let i = 0; i < PROMO_TRIES_PER_CUSTOMER; i += 1) await apply(buyer, `LATER${i}`, from);
    expectThrottled(await apply(buyer, 'REALCODE', from));
    const again = await order(t.app, buyer, payload, 'retry-key-1');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
  });

  test('a retry sent while its first request is still running gets that answer, not a 429', async () => {
    const buyer = await customerWithAddress(t.app, t.db);
    const product = await createProduct(t.db, { stock: 50, sellingPrice: 100_000, markedPrice: 100_000 });
    const payload = body(buyer.addressId, [[product.id, 1]], { voucher_code: 'REALCODE' });
    const from = newAddress();
    for (let i = 0; i < PROMO_TRIES_PER_CUSTOMER; i += 1) await apply(buyer, `SLOW${i}`, from);
    expectThrottled(await apply(buyer, 'REALCODE', from));
    // What the first request will answer: an order's answer (one placed for this, by another customer).
    const other = await customerWithAddress(t.app, t.db);
    const placed = await order(t.app, other, body(other.addressId, [[product.id, 1]]));
    expect(placed.statusCode).toBe(201);
    const answer = placed.json();
    let retry: ReturnType<typeof order> | undefined;
    await t.db.transaction(async (tx) => {
      // The first request, still running: its key claimed, its answer not committed yet.
      const claim = await claimKey(
        tx,
        buyer.id,
        'slow-key',
        requestHash('checkout', checkoutRequest.parse(payload)),
      );
      expect(claim.claimed).toBe(true);
      if (claim.claimed) await storeAnswer(tx, claim.id, 201, answer);
      retry = order(t.app, buyer, payload, 'slow-key');
      // On PostgreSQL the retry waits for the first request's key (on PGlite for its one connection).
      const first = await Promise.race([
        retry.then(() => 'answered'),
        new Promise((resolve) => setTimeout(() => resolve('waiting'), 300)),
      ]);
      expect(first).toBe('waiting');
    });
    const replayed = await retry!;
    expect(replayed.statusCode, replayed.body).toBe(201);
    expect(replayed.json()).toEqual(answer);
  });

  test('codes guessed by others at the same address never refuse an order with a good code', async () => {
    const from = newAddress();
    // Strangers on the same mobile network guess until the address is throttled.
    for (let n = 0; n * PROMO_TRIES_PER_CUSTOMER < PROMO_TRIES_PER_ADDRESS; n += 1) {
      const guesser = await customer();
      for (let i = 0; i < PROMO_TRIES_PER_CUSTOMER; i += 1) await apply(guesser, `NET${n}-${i}`, from);
    }
    expectThrottled(await apply(await customer(), 'REALCODE', from));
    const buyer = await customerWithAddress(t.app, t.db);
    const product = await createProduct(t.db, { stock: 50, sellingPrice: 100_000, markedPrice: 100_000 });
    const placed = await t.app.inject({
      method: 'POST',
      url: `${API}/checkout/`,
      remoteAddress: from,
      headers: { authorization: `Bearer ${buyer.token}` },
      payload: body(buyer.addressId, [[product.id, 1]], { voucher_code: 'REALCODE' }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
  });

  test('a code that applies gives its try back', async () => {
    const buyer = await customerWithAddress(t.app, t.db);
    const product = await createProduct(t.db, { stock: 50, sellingPrice: 100_000, markedPrice: 100_000 });
    const from = newAddress();
    for (let i = 0; i < PROMO_TRIES_PER_CUSTOMER - 1; i += 1)
      expect((await apply(buyer, `MISS${i}`, from)).statusCode).toBe(400);
    const placed = await order(
      t.app,
      buyer,
      body(buyer.addressId, [[product.id, 1]], { voucher_code: 'REALCODE' }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    // The tenth refused try is still the customer's to make.
    expect((await apply(buyer, 'MISS-LAST', from)).statusCode).toBe(400);
    expectThrottled(await apply(buyer, 'MISS-OVER', from));
  });
});
