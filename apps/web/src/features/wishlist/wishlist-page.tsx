import { useEffect } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import { selectIsLoggedIn } from '../auth/auth-slice';
import { WishlistCard } from './wishlist-card';
import { selectWishlist } from './wishlist-slice';
import { fetchWishlist } from './wishlist-thunks';

/** /profile/wishlist (shopping.md §2 Wishlist screen): the customer's list, read afresh on arrival. */
export function WishlistPage() {
  const { t } = useTranslation();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { items, fetching, error } = useAppSelector(selectWishlist);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (loggedIn) void dispatch(fetchWishlist());
  }, [loggedIn, dispatch]);

  let body: React.ReactNode;
  if (!loggedIn) {
    body = (
      <div className="text-center py-3">
        <p>{t('Please login to view your wishlist')}</p>
        <Link to="/login" className="btn btn-success">
          {t('Login')}
        </Link>
      </div>
    );
  } else if (error) {
    body = (
      <div className="text-center py-3" role="alert">
        <p className="text-danger-emphasis">{translateText(error)}</p>
        <button type="button" className="btn btn-success" onClick={() => dispatch(fetchWishlist())}>
          {t('Retry')}
        </button>
      </div>
    );
  } else if (fetching && items.length === 0) {
    body = (
      <p className="text-center py-3" role="status">
        {t('Loading your wishlist...')}
      </p>
    );
  } else if (items.length === 0) {
    body = (
      <div className="text-center py-3">
        <p>{t('Your wishlist is empty')}</p>
        <Link to="/" className="btn btn-success">
          {t('Shop Now')}
        </Link>
      </div>
    );
  } else {
    body = (
      <ul className="row g-2 g-md-3 list-unstyled" aria-label={t('Wishlist items')}>
        {items.map((item) => (
          <li key={item.id} className="col-6 col-md-4 col-xl-3">
            <WishlistCard product={item} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="wishlist-title">
      <h2 id="wishlist-title" className="h4 mb-3">
        {t('My Wishlist')}
      </h2>
      {body}
    </section>
  );
}
