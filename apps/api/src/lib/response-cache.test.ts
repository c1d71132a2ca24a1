import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, test, vi } from 'vitest';
import { etagMatches, preferredEncoding, ResponseCache } from './response-cache';

// A clock the test moves by hand, and a computation that counts its calls and can be held open.
function setup(maxAgeMs = 1000, maxBytes = 1_000_000) {
  let now = 10_000;
  const cache = new ResponseCache({ maxAgeMs, maxBytes, now: () => now });
  let calls = 0;
  let release: (() => void) | undefined;
  let hold = false;
  const compute = (value: () => unknown) => async () => {
    calls += 1;
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    return JSON.stringify(value());
  };
  return {
    cache,
    compute,
    advance: (ms: number) => {
      now += ms;
    },
    calls: () => calls,
    holdNext: () => {
      hold = true;
    },
    releaseHeld: () => {
      hold = false;
      release?.();
    },
  };
}

const text = (answer: { body: Buffer }) => answer.body.toString();

describe('freshness', () => {
  test('an answer is reused within the bound and recomputed once it has passed', async () => {
    const s = setup(1000);
    let version = 1;
    const get = () =>
      s.cache.get(
        'k',
        s.compute(() => ({ version })),
      );
    expect(text(await get())).toBe('{"version":1}');
    version = 2;
    s.advance(400);
    expect(text(await get())).toBe('{"version":1}');
    s.advance(600); // 1000 ms after the data was read
    expect(text(await get())).toBe('{"version":2}');
    expect(s.calls()).toBe(2);
  });

  test('past two thirds of the bound one request starts a background refresh, answered at once', async () => {
    const s = setup(1000);
    let version = 1;
    const get = () =>
      s.cache.get(
        'k',
        s.compute(() => ({ version })),
      );
    await get();
    version = 2;
    s.advance(600);
    // Not yet: a third of the bound is left for the refresh.
    expect(text(await get())).toBe('{"version":1}');
    expect(s.calls()).toBe(1);
    s.advance(100);
    s.holdNext();
    // Served from the cache while the refresh runs; the refresh starts only once.
    expect(text(await get())).toBe('{"version":1}');
    expect(text(await get())).toBe('{"version":1}');
    expect(s.calls()).toBe(2);
    s.releaseHeld();
    await new Promise((resolve) => setImmediate(resolve));
    expect(text(await get())).toBe('{"version":2}');
    expect(s.calls()).toBe(2);
  });

  test('concurrent misses share one computation', async () => {
    const s = setup(1000);
    s.holdNext();
    const pending = [1, 2, 3].map(() =>
      s.cache.get(
        'k',
        s.compute(() => ({ ok: true })),
      ),
    );
    s.releaseHeld();
    const answers = await Promise.all(pending);
    expect(s.calls()).toBe(1);
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
  });

  test('with a bound of 0 nothing is kept', async () => {
    const s = setup(0);
    await s.cache.get(
      'k',
      s.compute(() => 1),
    );
    await s.cache.get(
      'k',
      s.compute(() => 1),
    );
    expect(s.calls()).toBe(2);
    expect(s.cache.size.entries).toBe(0);
  });

  test('a failed computation is not kept, and clear() drops what was computed before it', async () => {
    const s = setup(1000);
    await expect(
      s.cache.get('k', async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect(s.cache.size.entries).toBe(0);

    s.holdNext();
    const before = s.cache.get(
      'k',
      s.compute(() => 'old'),
    );
    s.cache.clear();
    s.releaseHeld();
    await before;
    expect(s.cache.size.entries).toBe(0);
  });
});

describe('memory', () => {
  test('the least recently used answers go once the byte cap is reached', async () => {
    const s = setup(60_000, 10_000);
    const big = 'x'.repeat(2000);
    for (let i = 0; i < 20; i += 1) {
      await s.cache.get(
        `k${i}`,
        s.compute(() => big),
      );
      // k0 stays in use, so it survives.
      await s.cache.get(
        'k0',
        s.compute(() => big),
      );
    }
    expect(s.cache.size.bytes).toBeLessThanOrEqual(10_000);
    const callsBefore = s.calls();
    await s.cache.get(
      'k0',
      s.compute(() => big),
    );
    await s.cache.get(
      'k19',
      s.compute(() => big),
    );
    expect(s.calls()).toBe(callsBefore);
    await s.cache.get(
      'k1',
      s.compute(() => big),
    );
    expect(s.calls()).toBe(callsBefore + 1);
  });

  test('compressed forms count towards the cap', async () => {
    const s = setup(60_000, 1_000_000);
    const answer = await s.cache.get(
      'k',
      s.compute(() => Array.from({ length: 500 }, (_, i) => `item ${i}`)),
    );
    const plain = s.cache.size.bytes;
    await answer.encoded('br');
    await answer.encoded('gzip');
    expect(s.cache.size.bytes).toBeGreaterThan(plain);
  });
});

describe('encodings', () => {
  test('brotli and gzip forms decode to the very JSON; small answers stay plain', async () => {
    const s = setup();
    const value = Array.from({ length: 200 }, (_, i) => ({ id: i, title: `चामल ${i}` }));
    const answer = await s.cache.get(
      'k',
      s.compute(() => value),
    );
    const br = await answer.encoded('br');
    const gz = await answer.encoded('gzip');
    expect(br.encoding).toBe('br');
    expect(gz.encoding).toBe('gzip');
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(value);
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(value);
    expect(br.body.length).toBeLessThan(answer.body.length);

    const small = await s.cache.get(
      'small',
      s.compute(() => ({ ok: true })),
    );
    expect((await small.encoded('br')).encoding).toBe('identity');
  });

  test('a compressed form is at hand without waiting once it has been made', async () => {
    const s = setup();
    const compute = s.compute(() => Array.from({ length: 300 }, (_, i) => `line ${i}`));
    expect(s.cache.fresh('k', compute)).toBeUndefined();
    const answer = await s.cache.get('k', compute);
    expect(s.cache.fresh('k', compute)).toBe(answer);
    expect(answer.encodedNow('identity')?.body).toBe(answer.body);
    expect(answer.encodedNow('br')).toBeUndefined();
    const br = await answer.encoded('br');
    expect(answer.encodedNow('br')).toEqual(br);
    s.advance(1000);
    expect(s.cache.fresh('k', compute)).toBeUndefined();
  });

  test('the first brotli form is a quick one; an answer asked for again is sent denser, decoding the same', async () => {
    const s = setup();
    const value = Array.from({ length: 400 }, (_, i) => ({
      id: i,
      title: `Basmati चामल ${i % 37}`,
      price: i * 7,
    }));
    const answer = await s.cache.get(
      'k',
      s.compute(() => value),
    );
    const options = (quality: number) => ({
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_SIZE_HINT]: answer.body.length,
      },
    });
    const quick = brotliCompressSync(answer.body, options(4));
    const dense = brotliCompressSync(answer.body, options(6));
    expect(dense.length).toBeLessThan(quick.length);

    expect((await answer.encoded('br')).body).toEqual(quick);
    // Asked for again: still the quick form at once, and the denser one from then on.
    expect(answer.encodedNow('br')?.body).toEqual(quick);
    await vi.waitFor(() => expect(answer.encodedNow('br')?.body).toEqual(dense));
    expect(JSON.parse(brotliDecompressSync(dense).toString())).toEqual(value);
  });

  test('Accept-Encoding picks brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0')).toBe('identity');
    expect(preferredEncoding('identity')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
  });

  test('If-None-Match compares weakly and accepts lists and *', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });
});
