/// <reference lib="webworker" />
// The shop's service worker (decision 048), built by vite-plugin-pwa (injectManifest) with Workbox.
// What it keeps is an allowlist: the app's own files, the public catalogue and the catalogue's
// pictures. Everything else (carts, orders, profiles, sign-in, the console, the console's API,
// customers' avatars) goes straight to the network and is never stored.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import {
  CATALOGUE_CACHE,
  isCataloguePicture,
  isCatalogueRead,
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
const publicOnly = {
  cacheWillUpdate: async ({ response }: { response: Response }) => {
    const cacheControl = response.headers.get('cache-control') ?? '';
    if (response.status !== 200 || !/\bpublic\b/.test(cacheControl)) return null;
    if (/\b(no-store|private)\b/.test(cacheControl)) return null;
    return response;
  },
};

// Catalogue reads: shown at once from the cache, refreshed behind (the server's ETag makes that
// cheap); a week at most, and no more than 200 answers.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && !request.headers.has('authorization') && isCatalogueRead(url),
  new StaleWhileRevalidate({
    cacheName: CATALOGUE_CACHE,
    plugins: [
      publicOnly,
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

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

// A new version waits until the page says so (the shopper chose "reload"), never under them.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
