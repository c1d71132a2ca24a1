import { setPwaState } from './pwa-state';

// The install offer comes at a sensible moment: on the shopper's second visit, or after an order,
// never on the first load; "Not now" keeps it away for a month.

const VISITS = 'pasal-visits';
const ORDERED = 'pasal-ordered';
const DISMISSED = 'pasal-install-dismissed';
const MONTH_MS = 30 * 86_400_000;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full store: the offer simply waits.
  }
}

/** One visit per browser session (a tab's reloads are the same visit). */
export function countVisit(): void {
  try {
    if (window.sessionStorage.getItem(VISITS)) return;
    window.sessionStorage.setItem(VISITS, '1');
  } catch {
    return;
  }
  write(VISITS, String(Number(read(VISITS) ?? 0) + 1));
}

/** Called when an order is placed: the offer may come now. */
export function noteOrderPlaced(): void {
  write(ORDERED, '1');
  setPwaState({});
}

export function dismissInstall(): void {
  write(DISMISSED, String(Date.now()));
  setPwaState({});
}

export function installWanted(): boolean {
  const dismissed = Number(read(DISMISSED) ?? 0);
  if (dismissed && Date.now() - dismissed < MONTH_MS) return false;
  return Number(read(VISITS) ?? 0) >= 2 || read(ORDERED) === '1';
}
