// The first page's catalogue reads and its page's chunk, asked for by a small script of their own
// while the app's scripts are still downloading (decision 016). Without it they would wait for
// the whole first load to arrive and run: a phone on a slow network waits one round trip less for
// the data and one less for the page's code. It also applies the app's stylesheet, which index.html
// only preloads so that the shell paints without waiting for it (src/main.tsx waits for it).
//
// A separate entry of the build, in `<head>` before the app (vite.config.ts): it imports nothing
// the app's entry imports statically, so it runs as soon as it arrives. `catalogueGet` takes each
// answer once (src/lib/catalogue-get.ts), for the same URL it would have asked for itself; the
// paths and their query strings here follow catalogue-api.ts and product-detail-api.ts.

type Early = Map<string, Promise<Response>>;

const API_ROOT = '/api/ecommerce';
// Answers nobody took (the page changed before the app ran) are dropped: never shown stale.
const KEEP_MS = 30_000;

const early: Early = new Map();
(window as unknown as { __pasalEarly?: Early }).__pasalEarly = early;

/**
 * Asks for a catalogue path; `pictures` names the first screen's largest pictures in its answer,
 * which are then preloaded (they are the page's LCP element: without this they would wait for the
 * app to render them).
 */
function get(path: string, params?: [string, string][], pictures?: (body: unknown) => Preload[]) {
  const query = new URLSearchParams(params);
  const url = `${API_ROOT}${path}${query.size ? `?${query}` : ''}`;
  const response = fetch(url, { headers: { Accept: 'application/json' } });
  // A failure is the page's to report when it takes the answer.
  response.catch(() => {});
  early.set(url, response);
  if (pictures) {
    response
      // A copy: the page reads the answer itself (this runs first, before it can).
      .then((res) => (res.ok ? res.clone().json() : null))
      .then((body) => {
        for (const picture of pictures(body))
          if (typeof picture.href === 'string' && picture.href) preloadImage(picture);
      })
      .catch(() => {});
  }
}

/** A picture to preload, by its address. */
interface Preload {
  href: unknown;
}

function preloadImage({ href }: Preload) {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.fetchPriority = 'high';
  link.href = String(href);
  document.head.append(link);
}

type Picture = { image?: unknown } | null | undefined;
type ProductBody = { primary_image?: Picture; product_images?: Picture[]; thumbnail?: unknown };

// The pictures each page shows first, where the page's own rule is certain to pick them: the
// product's first picture (product-detail-page.tsx, when it has one), the first two cards'
// thumbnails of a category (productImage, when they have one). The home page's first banner and a
// category's first cards' pictures come with the page the server sends (home-head.ts, list-head.ts
// in apps/api/src/modules/catalogue).
const productPicture = (body: unknown) => {
  const product = (body as { data?: { product?: ProductBody } })?.data?.product;
  const pictures = [product?.primary_image, ...(product?.product_images ?? [])];
  return [{ href: pictures.find((p) => p?.image)?.image }];
};
const firstThumbnails = (body: unknown) => {
  // "An array or data.results" (listOf in catalogue-api.ts).
  const list = Array.isArray(body) ? body : (body as { results?: unknown } | null)?.results;
  return Array.isArray(list) ? list.slice(0, 2).map((p: ProductBody | null) => ({ href: p?.thumbnail })) : [];
};

/**
 * The page's chunk and its imports, as module preloads: the build lists them per page in a data
 * block of index.html (an `import()` here would add the bundler's preload helper to this script).
 */
function preloadChunks(page: string) {
  const listed = document.getElementById('page-chunks')?.textContent;
  const files = (JSON.parse(listed ?? '{}') as Record<string, string[]>)[page] ?? [];
  for (const file of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}

/** The stylesheets index.html preloads, applied (in their order, before any a page adds later). */
function applyStylesheets() {
  for (const preload of document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][data-app-css]')) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = preload.href;
    link.dataset.appCss = '';
    document.head.append(link);
  }
}

/** True when the saved state holds a session: the product page then reads through the session. */
function hasSession(): boolean {
  try {
    const saved = JSON.parse(localStorage.getItem('persist:pasal') ?? '{}') as { auth?: string };
    return Boolean((JSON.parse(saved.auth ?? '{}') as { access?: string }).access);
  } catch {
    return false;
  }
}

/**
 * The list's sort and filters from the address, in the order the page sends them on
 * (src/lib/list-filters.ts, decision 041). A value the page drops asks for an answer nobody takes.
 */
function listFilters(search: URLSearchParams): [string, string][] {
  const entries: [string, string][] = [];
  for (const key of ['sort', 'min_price', 'max_price']) {
    const value = (search.get(key) ?? '').trim();
    if (value) entries.push([key, value]);
  }
  for (const brand of new Set(search.getAll('brand'))) if (brand.trim()) entries.push(['brand', brand]);
  for (const key of ['on_sale', 'in_stock']) if (search.get(key) === 'true') entries.push([key, 'true']);
  return entries;
}

function start(path: string, search: URLSearchParams) {
  const segment = (prefix: string) => {
    const match = new RegExp(`^/${prefix}/([^/]+)/?$`).exec(path);
    return match ? decodeURIComponent(match[1] as string) : null;
  };
  const categoryId = segment('viewallca');
  const slug = segment('detail');
  // The category strip of the main layout.
  if (path === '/' || categoryId !== null || slug !== null) get('/category/featured');
  if (path === '/') {
    get('/home/data/');
    // The server writes the banners into the home page (apps/api/src/modules/catalogue/home-head.ts);
    // a page served without them (the development server) asks here.
    if (!document.querySelector(`script[data-answer-of="${API_ROOT}/banner/"]`)) get('/banner/');
    get('/flash-sale/');
  } else if (categoryId !== null) {
    preloadChunks('category');
    get(
      `/category/product/${encodeURIComponent(categoryId)}`,
      [...listFilters(search), ['page', '1']],
      // The server writes the first cards' pictures into the shell (apps/api/src/modules/catalogue/
      // list-head.ts); a page served without them (filtered, or the development server) asks here.
      document.querySelector('.app-shell-card') ? undefined : firstThumbnails,
    );
  } else if (slug !== null) {
    preloadChunks('product');
    const detail = `/product/detail/${encodeURIComponent(slug)}/`;
    // The server writes the product and its picture's preload into the page (product-head.ts);
    // a page served without them (the development server) asks here.
    if (!hasSession() && !document.querySelector(`script[data-answer-of="${API_ROOT}${detail}"]`))
      get(detail, undefined, productPicture);
  } else if (path === '/search') {
    preloadChunks('search');
    get('/products', [['q', (search.get('query') ?? '').trim()], ...listFilters(search), ['page', '1']]);
  }
}

applyStylesheets();
try {
  start(window.location.pathname, new URLSearchParams(window.location.search));
} catch {
  // A malformed address: the page asks for what it needs itself.
}
setTimeout(() => early.clear(), KEEP_MS);
