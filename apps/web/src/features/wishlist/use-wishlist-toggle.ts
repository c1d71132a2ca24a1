import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsLoggedIn } from '../auth/auth-slice';
import {
  selectIsWishlisted,
  selectWishlistLoading,
  type WishlistProduct,
  wishlistActions,
} from './wishlist-slice';

/** The heart on cards: visitors are sent to /login; a request in flight blocks another add. */
export function useWishlistToggle(product: WishlistProduct) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const wishlisted = useAppSelector(selectIsWishlisted(product.id));
  const busy = useAppSelector(selectWishlistLoading);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const toggle = () => {
    if (!loggedIn) {
      toast.info('Please login to add items to wishlist');
      navigate('/login');
      return;
    }
    if (busy) return;
    // The server wishlist comes with the accounts work; until then the change is local.
    if (wishlisted) dispatch(wishlistActions.itemRemoved({ productId: product.id }));
    else dispatch(wishlistActions.itemAdded({ product }));
  };

  return { wishlisted, busy, toggle };
}
