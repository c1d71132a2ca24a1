/// <reference lib="webworker" />
// The shop's service worker (decision 048), built by vite-plugin-pwa (injectManifest) with Workbox.
// What it keeps is an allowlist: the app's own files, the public catalogue and the catalogue's
// pictures. Everything else (carts, orders, profiles, sign-in, the console, the console's API,
// customers' avatars) goes straight to the network and is never stored.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import {
  CATALOGUE_CACHE,
  isCataloguePicture,
  isCatalogueRead,
  KEEP_ANSWERS,
  PICTURES_CACHE,
  SHOP_PAGE,
} from './cache-rules';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const DAY_SECONDS = 86_400;

// The app shell: the page, its scripts and stylesheets of this version (the console's chunks are
// left out, see vite.config.ts). Older versions' files go once this one is active.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Any shop address opens the shell from the cache, so a repeat visit paints with no network; the
// page then reads its data (from the network, or the catalogue cache below when offline).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    allowlist: [SHOP_PAGE],
  }),
);

/**
 * The second guard after the address allowlist: only an answer the server itself marked public is
 * stored. A `no-store` or `private` answer (every customer answer is `no-store`) never is.
 */
function isPublic(cacheControl: string): boolean {
  return /\bpublic\b/.test(cacheControl) && !/\b(no-store|private)\b/.test(cacheControl);
}

const publicOnly = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    response.status === 200 && isPublic(response.headers.get('cache-control') ?? '') ? response : null,
};

// The catalogue cache's bounds, for the answers the worker fetches and those a page hands it.
const CATALOGUE_LIMITS = { maxEntries: 200, maxAgeSeconds: 7 * DAY_SECONDS };

// Catalogue reads: shown at once from the cache, refreshed behind (the server's ETag makes that
// cheap); a week at most, and no more than 200 answers.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && !request.headers.has('authorization') && isCatalogueRead(url),
  new StaleWhileRevalidate({
    cacheName: CATALOGUE_CACHE,
    plugins: [publicOnly, new ExpirationPlugin({ ...CATALOGUE_LIMITS, purgeOnQuotaError: true })],
  }),
);

interface HandedAnswer {
  url: unknown;
  body: unknown;
  cacheControl: unknown;
}

/**
 * Keeps the catalogue answers a page read before this worker controlled it (pwa/register-sw.ts),
 * under the same rules as those it fetches itself: a catalogue read of this origin, marked public by
 * the server. An answer already kept stays: it came through the worker, so it is as new or newer.
 */
async function keepHandedAnswers(answers: HandedAnswer[]) {
  const cache = await caches.open(CATALOGUE_CACHE);
  const expiration = new CacheExpiration(CATALOGUE_CACHE, CATALOGUE_LIMITS);
  for (const { url, body, cacheControl } of answers.slice(0, CATALOGUE_LIMITS.maxEntries)) {
    if (typeof url !== 'string' || typeof body !== 'string' || typeof cacheControl !== 'string') continue;
    const address = new URL(url, self.location.origin);
    if (address.origin !== self.location.origin || !isCatalogueRead(address) || !isPublic(cacheControl))
      continue;
    if (await cache.match(address.href)) continue;
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': cacheControl,
      date: new Date().toUTCString(),
    };
    await cache.put(address.href, new Response(body, { status: 200, headers }));
    await expiration.updateTimestamp(address.href);
  }
  await expiration.expireEntries();
}

// Catalogue pictures never change under their name: from the cache when there, 300 at most,
// a month each.
registerRoute(
  ({ url }) => url.origin === self.location.origin && isCataloguePicture(url),
  new CacheFirst({
    cacheName: PICTURES_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

// The fonts (hashed, not precached: most pages never need the Devanagari ones) once fetched.
registerRoute(
  ({ url }) => url.origin === self.location.origin && /^\/assets\/[^/]+\.woff2$/.test(url.pathname),
  new CacheFirst({
    cacheName: 'pasal-assets',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

// The first version takes the open page at once (there is no older one to wait for); later ones
// wait, below.
clientsClaim();

// A new version waits until the page says so (the shopper chose "reload"), never under them. A page
// also hands over the catalogue answers it read before this worker controlled it (keepHandedAnswers).
self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; answers?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === KEEP_ANSWERS && Array.isArray(data.answers))
    event.waitUntil(keepHandedAnswers(data.answers as HandedAnswer[]).catch(() => {}));
});
