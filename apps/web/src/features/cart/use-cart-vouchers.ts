import type { CartVoucher } from '@pasal/contract/voucher';
import { useEffect, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectIsLoggedIn } from '../auth/auth-slice';
import { fetchCartVouchers } from './cart-api';
import { selectCart } from './cart-slice';

/**
 * The listed promo codes against a customer's cart, asked again whenever the cart's lines change
 * (the server prices the cart itself); empty for a visitor, who cannot use promo codes
 * (shopping.md §6), or when the list could not be read: the code box still works.
 */
export function useCartVouchers(): CartVoucher[] {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { items, totalAmount } = useAppSelector(selectCart);
  const key = `${totalAmount}|${items.map((i) => `${i.product}x${i.quantity}`).join(',')}`;
  const [vouchers, setVouchers] = useState<CartVoucher[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the lines
  useEffect(() => {
    if (!loggedIn || items.length === 0) {
      setVouchers([]);
      return;
    }
    const controller = new AbortController();
    fetchCartVouchers(controller.signal).then(
      (list) => !controller.signal.aborted && setVouchers(list),
      () => !controller.signal.aborted && setVouchers([]),
    );
    return () => controller.abort();
  }, [loggedIn, key]);
  return vouchers;
}
