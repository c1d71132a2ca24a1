import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The answers a first visit read before the service worker controlled it are handed to the worker
// (pwa/register-sw.ts) rather than asked for again (issue 25).

const FEATURED = '/api/ecommerce/category/featured';
const DETAIL = '/api/ecommerce/product/detail/tea/';

/** The module afresh (it remembers what it handed over), on a page a worker does or does not control. */
async function freshModule(controlled: boolean) {
  vi.resetModules();
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: { controller: controlled ? {} : null } });
  return import('./catalogue-get');
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response('{"data":{"results":[]}}', {
          status: 200,
          headers: { 'content-type': 'application/json', 'cache-control': 'public, no-cache' },
        }),
    ),
  );
  document.head.innerHTML = `<script type="application/json" data-answer-of="${DETAIL}">{"data":{"product":null}}</script>`;
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

describe('the answers read before the service worker controls the page', () => {
  it('are handed over once, with their bodies and the server’s Cache-Control, embedded ones included', async () => {
    const { catalogueGet, takeAnswersReadBeforeWorker } = await freshModule(false);
    await catalogueGet('/category/featured');
    expect(takeAnswersReadBeforeWorker()).toEqual([
      { url: FEATURED, body: '{"data":{"results":[]}}', cacheControl: 'public, no-cache' },
      { url: DETAIL, body: '{"data":{"product":null}}', cacheControl: 'public, no-cache' },
    ]);
    // Later reads go through the worker itself.
    await catalogueGet('/category/featured');
    expect(takeAnswersReadBeforeWorker()).toEqual([]);
  });

  it("are not kept without the server's Cache-Control, nor once a worker controls the page", async () => {
    vi.mocked(fetch).mockResolvedValueOnce(new Response('{}', { status: 200, headers: {} }));
    const first = await freshModule(false);
    await first.catalogueGet('/category/featured');
    expect(first.takeAnswersReadBeforeWorker().map((a) => a.url)).toEqual([DETAIL]);

    // The worker took over: what the page reads now goes through it; the server's embedded answers
    // never did.
    const controlled = await freshModule(true);
    await controlled.catalogueGet('/category/featured');
    expect(controlled.takeAnswersReadBeforeWorker().map((a) => a.url)).toEqual([DETAIL]);
  });
});
