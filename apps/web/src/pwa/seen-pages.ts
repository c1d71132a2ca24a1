// The catalogue pages this phone has opened online: their data sits in the service worker's
// catalogue cache, so offline they open with content. Any other address opened offline shows the
// offline page instead of a page that cannot load (customer pages are never cached: decision 048).

const KEY = 'pasal-seen-pages';
const MAX = 100;

// Catalogue pages (home, category, product, search and the product lists): public data only.
const CATALOGUE_PAGE = /^\/(?:$|viewallca\/[^/]+$|detail\/[^/]+$|search$|viewallfy$|Viewallna$)/;
// Pages that need no network at all (the cart is kept on the phone).
const LOCAL_PAGE = /^\/cart$/;

const addressOf = (pathname: string, search: string) => `${pathname}${search}`;

function readSeen(): string[] {
  try {
    const list = JSON.parse(window.localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((a): a is string => typeof a === 'string') : [];
  } catch {
    return [];
  }
}

/** Noted when a catalogue page is opened online. */
export function noteSeen(pathname: string, search: string): void {
  if (!CATALOGUE_PAGE.test(pathname)) return;
  const address = addressOf(pathname, search);
  const seen = readSeen().filter((a) => a !== address);
  seen.unshift(address);
  try {
    window.localStorage.setItem(KEY, JSON.stringify(seen.slice(0, MAX)));
  } catch {
    // A full store: the page simply counts as unseen offline.
  }
}

/** Whether this address can open offline with its content. */
export function opensOffline(pathname: string, search: string): boolean {
  if (LOCAL_PAGE.test(pathname)) return true;
  return CATALOGUE_PAGE.test(pathname) && readSeen().includes(addressOf(pathname, search));
}
