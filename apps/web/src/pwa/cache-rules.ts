// Which addresses the service worker may keep (decision 048): allowlists, so a new route is never
// cached by accident. Shared by the worker (sw.ts) and the pages that read its caches.

export const CATALOGUE_CACHE = 'pasal-catalogue';
export const PICTURES_CACHE = 'pasal-pictures';

/** The message a page sends the worker with the catalogue answers it read before it controlled it. */
export const KEEP_ANSWERS = 'KEEP_ANSWERS';

/** Shop pages the shell opens for: not the console, the API, media files or the dev pages. */
export const SHOP_PAGE = /^\/(?!admin(?:\/|$)|api\/|media\/|dev\/)/;

// The public catalogue's GET routes (apps/api/src/modules/catalogue/catalogue-routes.ts).
const CATALOGUE_READ =
  /^\/api\/ecommerce\/(?:home\/data\/|category\/(?:featured|all|product\/\d+)\/?|product\/detail\/[^/]+\/|products\/?|products\/suggest\/?|today\/special\/|list\/for\/you\/|banner\/|flash-sale\/)$/;

/** A public catalogue read: home, categories, product pages, search, lists, banners. */
export function isCatalogueRead(url: URL): boolean {
  return CATALOGUE_READ.test(url.pathname);
}

// Catalogue pictures and their narrower copies; customers' avatars (/media/avatars/) are not.
const CATALOGUE_PICTURE = /^\/media\/(?:w\/\d+\/)?(?:products|categories|banners)\/[\w-]+\.\w+$/;

export function isCataloguePicture(url: URL): boolean {
  return CATALOGUE_PICTURE.test(url.pathname);
}
