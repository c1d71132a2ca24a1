import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { products } from '../src/db/schema/catalogue';
import { orderLines } from '../src/db/schema/orders';
import { body, customerWithAddress, order } from '../src/modules/checkout/checkout-test-helpers';
import { seedLocations } from '../src/seed/locations';
import { buildTestApp } from '../src/test/build-test-app';
import { createProduct, createVoucher } from '../src/test/factories';

// POST /checkout/ through the whole app (auth, validation, the order transaction, the outbox row)
// on an in-memory PGlite, or on PostgreSQL when TEST_DATABASE_URL is set. 20 customers order two of
// 8 products (one hot product in every order, so every checkout meets the same row lock), with a
// promo code and each request its own Idempotency-Key, `concurrency` requests in flight
// (in-process, no network). Afterwards: stock + units sold = the stock we started with.
// Run: npx tsx bench/checkout-bench.ts [requests] [concurrency]

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

export async function checkoutBench(requests = 1000, concurrency = 8): Promise<{ perSecond: number }> {
  // Each of the 20 buyers places dozens of cash orders: the cap on open ones (decision 038) is off.
  const t = await buildTestApp({ LOG_LEVEL: 'warn', MAX_OPEN_CASH_ORDERS: '0' });
  try {
    await seedLocations(t.db);
    const START = 1_000_000;
    const items: { id: number }[] = [];
    for (let i = 0; i < 8; i += 1) items.push(await createProduct(t.db, { stock: START }));
    const code = await createVoucher(t.db);
    const buyers: Awaited<ReturnType<typeof customerWithAddress>>[] = [];
    for (let i = 0; i < 20; i += 1) buyers.push(await customerWithAddress(t.app, t.db));
    const place = (i: number) => {
      const buyer = buyers[i % buyers.length];
      const other = items[1 + (i % 7)];
      return order(
        t.app,
        buyer,
        body(
          buyer.addressId,
          [
            [items[0].id, 1],
            [other.id, 2],
          ],
          { voucher_code: code.code },
        ),
        randomUUID(),
      );
    };
    for (let i = 0; i < 30; i += 1) await place(i); // warm up
    const times: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < requests) {
          const i = next++;
          const sent = performance.now();
          const response = await place(i);
          if (response.statusCode !== 201)
            throw new Error(`checkout: ${response.statusCode} ${response.body}`);
          times.push(performance.now() - sent);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const perSecond = requests / seconds;
    times.sort((a, b) => a - b);

    const ids = items.map((p) => p.id);
    const stock = await t.db
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(inArray(products.id, ids));
    const sold = await t.db
      .select({ productId: orderLines.productId, quantity: orderLines.quantity })
      .from(orderLines)
      .where(inArray(orderLines.productId, ids));
    for (const row of stock) {
      const units = sold.filter((s) => s.productId === row.id).reduce((sum, s) => sum + s.quantity, 0);
      if (row.stock + units !== START || row.stock < 0) throw new Error(`stock of ${row.id} does not add up`);
    }
    const where = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.info(
      `checkout on ${where} (2 lines + promo, own Idempotency-Key, ${concurrency} in flight): ` +
        `${perSecond.toFixed(0)} orders/s, p50 ${percentile(times, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(times, 99).toFixed(1)} ms; stock adds up for all ${ids.length} products`,
    );
    return { perSecond };
  } finally {
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [requests, concurrency] = process.argv.slice(2).map(Number);
  await checkoutBench(requests || undefined, concurrency || undefined);
}
