import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { msg } from '../../i18n/i18n';
import { isOutOfStock, type ProductLike } from '../../lib/product';
import { toast } from '../../lib/toast';
import { selectIsLoggedIn } from '../auth/auth-slice';
import { type LinePrices, toCartLine } from './cart-line';
import { saveBuyNow } from './use-buy-now-line';

/** The checkout of Buy now's one line (decision 046). */
export const BUY_NOW_CHECKOUT = '/checkout?buy=now';

/**
 * Buy now: a visitor goes to /login (shopping.md §4); a customer checks out just this line, and
 * the cart stays as it was (decision 046: the spec's replacing of the whole cart is the defect).
 */
export function useBuyNow() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const navigate = useNavigate();

  const buy = useCallback(
    (product: ProductLike, quantity = 1, prices?: LinePrices) => {
      if (isOutOfStock(product)) {
        toast.error(msg('This item is out of stock'));
        return;
      }
      if (!loggedIn) {
        navigate('/login');
        return;
      }
      saveBuyNow(toCartLine(product, prices), quantity);
      navigate(BUY_NOW_CHECKOUT);
    },
    [loggedIn, navigate],
  );

  return { buy };
}
