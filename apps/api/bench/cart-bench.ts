import { buildTestApp } from '../src/test/build-test-app';
import { createProduct } from '../src/test/factories';
import { call, newShopper } from '../src/test/shopper';

// POST /cart/add/ through the whole app (auth, validation, the guarded upsert, the cart read back)
// on an in-memory PGlite, or on PostgreSQL when TEST_DATABASE_URL is set. A shopper adds one unit
// at a time to an 8-line cart, `concurrency` requests in flight (in-process, no network).

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

export async function cartAddBench(requests = 2000, concurrency = 8): Promise<{ perSecond: number }> {
  const t = await buildTestApp();
  try {
    const shopper = await newShopper(t.app, t.db);
    const items: { id: number }[] = [];
    for (let i = 0; i < 8; i += 1) items.push(await createProduct(t.db, { stock: 1_000_000 }));
    const add = (i: number) =>
      call(t.app, 'POST', '/cart/add/', {
        as: shopper,
        payload: { cart_products: [{ product: items[i % items.length].id, quantity: 1 }] },
      });
    for (let i = 0; i < 50; i += 1) await add(i); // warm up: fill the cart, compile the schemas
    const times: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < requests) {
          const i = next++;
          const sent = performance.now();
          const response = await add(i);
          if (response.statusCode !== 200)
            throw new Error(`cart add: ${response.statusCode} ${response.body}`);
          times.push(performance.now() - sent);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const perSecond = requests / seconds;
    times.sort((a, b) => a - b);
    const where = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.info(
      `cart add on ${where} (8-line cart, ${concurrency} in flight): ${perSecond.toFixed(0)} requests/s, ` +
        `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
    );
    return { perSecond };
  } finally {
    await t.close();
  }
}
