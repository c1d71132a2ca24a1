import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { msg } from '../../i18n/i18n';
import { toast } from '../../lib/toast';
import { selectIsLoggedIn } from '../auth/auth-slice';
import { selectIsWishlisted, selectWishlistLoading, type WishlistProduct } from './wishlist-slice';
import { addToWishlist, removeFromWishlist } from './wishlist-thunks';

/**
 * The heart: adds the product if absent, removes it if present, server first. Visitors are sent to
 * /login; while a wishlist request runs the heart is dimmed and another request is blocked.
 */
export function useWishlistToggle(product: WishlistProduct) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const wishlisted = useAppSelector(selectIsWishlisted(product.id));
  const busy = useAppSelector(selectWishlistLoading);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const toggle = () => {
    if (!loggedIn) {
      toast.info(msg('Please login to add items to wishlist'));
      navigate('/login');
      return;
    }
    if (busy) return;
    void dispatch(wishlisted ? removeFromWishlist(product.id) : addToWishlist(product));
  };

  return { wishlisted, busy, toggle };
}
