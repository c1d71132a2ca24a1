import { useCallback, useState } from 'react';
import { toPaisa, toRupees } from '../../lib/money';
import type { CartItem, NewCartLine } from './cart-slice';

// Buy now (decision 046): the one line to check out is kept apart from the cart, for this tab
// only, so a reload of /checkout?buy=now still has it and the cart is never touched.

const KEY = 'pasal.buy-now';

/** Keeps the line Buy now chose (and answers it as the checkout reads it). */
export function saveBuyNow(line: NewCartLine, quantity: number): CartItem {
  const item: CartItem = { ...line, quantity, subtotal: toRupees(toPaisa(line.rate) * quantity) };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(item));
  } catch {
    // Storage full or off: the checkout then falls back to the cart (a page that has it shows it).
  }
  return item;
}

/** The line Buy now chose, or null (none, or not readable). */
export function readBuyNow(): CartItem | null {
  try {
    const item = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<CartItem> | null;
    if (!item || typeof item.product !== 'number' || typeof item.quantity !== 'number') return null;
    if (typeof item.rate !== 'number' || typeof item.title !== 'string') return null;
    return item as CartItem;
  } catch {
    return null;
  }
}

export function clearBuyNow(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}

/**
 * The checkout's Buy now line when `wanted` (the address says ?buy=now), read once per page, and
 * a way to show it at the price the server charges now (the page it came from may be old).
 */
export function useBuyNowLine(wanted: boolean): [CartItem | null, (rate: number) => void] {
  const [line, setLine] = useState(() => (wanted ? readBuyNow() : null));
  const reprice = useCallback((rate: number) => {
    setLine((current) =>
      current ? saveBuyNow({ ...current, rate, selling_price: rate }, current.quantity) : current,
    );
  }, []);
  return [wanted ? line : null, reprice];
}
