import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { msg } from '../../i18n/i18n';
import { isOutOfStock, type ProductLike } from '../../lib/product';
import { toast } from '../../lib/toast';
import { selectIsLoggedIn } from '../auth/auth-slice';
import { buyNow } from './cart-thunks';

/**
 * Buy now (shopping.md §4): a visitor goes to /login; a customer's cart becomes this one line
 * (on the server too, which the checkout reads), without a promo, then /checkout.
 */
export function useBuyNow() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [buying, setBuying] = useState(false);

  const buy = useCallback(
    async (product: ProductLike, quantity = 1) => {
      if (isOutOfStock(product)) {
        toast.error(msg('This item is out of stock'));
        return;
      }
      if (!loggedIn) {
        navigate('/login');
        return;
      }
      setBuying(true);
      try {
        const outcome = await dispatch(buyNow(product.id, quantity));
        if (outcome.ok) navigate('/checkout');
        else if (outcome.kind === 'stock') toast.warning(outcome.message);
        else toast.error(outcome.message);
      } finally {
        setBuying(false);
      }
    },
    [dispatch, loggedIn, navigate],
  );

  return { buying, buy };
}
