import { useEffect, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectIsLoggedIn } from '../auth/auth-slice';
import { freeDeliveryFrom } from '../checkout/checkout-api';
import type { CartItem } from './cart-slice';

/**
 * For a customer's cart, the value from which delivery is free (the server's rule, before an
 * address is chosen); null for a visitor (the quote needs a session) or when it is never free.
 */
export function useFreeDeliveryFrom(items: CartItem[]): number | null {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const lines = items
    .filter((i) => i.is_available !== false)
    .map((i) => ({ product_id: i.product, quantity: i.quantity }));
  const key = lines.map((l) => `${l.product_id}x${l.quantity}`).join(',');
  const [from, setFrom] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the lines
  useEffect(() => {
    if (!loggedIn || lines.length === 0) {
      setFrom(null);
      return;
    }
    const controller = new AbortController();
    freeDeliveryFrom(lines, controller.signal).then(
      (value) => !controller.signal.aborted && setFrom(value),
      () => !controller.signal.aborted && setFrom(null),
    );
    return () => controller.abort();
  }, [loggedIn, key]);
  return from;
}
