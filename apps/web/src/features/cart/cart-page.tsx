import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import { toast } from '../../lib/toast';
import { selectIsLoggedIn } from '../auth/auth-slice';
import { type CartItem, selectCart, selectCartBusy } from './cart-slice';
import { CartTable } from './cart-table';
import { clearCart, restoreLines, syncCustomerCart } from './cart-thunks';
import { OrderSummary } from './order-summary';

/** /cart (shopping.md §2 Cart screen); a customer's cart is read afresh on arrival. */
export function CartPage() {
  const { t } = useTranslation();
  const cart = useAppSelector(selectCart);
  const busy = useAppSelector(selectCartBusy);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const dispatch = useAppDispatch();
  /** The lines Clear Cart took away, until Undo brings them back or the cart fills again. */
  const [cleared, setCleared] = useState<CartItem[] | null>(null);
  const undo = async () => {
    if (!cleared) return;
    const outcome = await dispatch(restoreLines(cleared));
    if (outcome.ok) setCleared(null);
    else toast.error(translateText(outcome.message));
  };

  useEffect(() => {
    if (loggedIn) void dispatch(syncCustomerCart());
  }, [loggedIn, dispatch]);

  // "Loading cart..." and the error show only for a customer's server cart.
  const loading = loggedIn && cart.isLoading;
  const error = loggedIn ? cart.error : null;

  let body: React.ReactNode;
  if (error && cart.items.length === 0) {
    body = null;
  } else if (loading && cart.items.length === 0) {
    body = null;
  } else if (cart.items.length === 0) {
    body = (
      <div className="text-center py-5">
        <p className="h5">{t('Your cart is empty')}</p>
        {cleared && (
          <p role="status" className="d-flex flex-wrap justify-content-center align-items-center gap-2">
            {t('Your cart was cleared.')}
            <button type="button" className="btn btn-sm btn-outline-success" onClick={undo}>
              {t('Undo')}
            </button>
          </p>
        )}
        <Link to="/" className="btn btn-success mt-2">
          {t('Continue Shopping')}
        </Link>
      </div>
    );
  } else {
    body = (
      <div className="row g-4">
        <div className="col-12 col-lg-8">
          <CartTable items={cart.items} busy={busy} />
          <div className="d-flex flex-wrap gap-2">
            <button
              type="button"
              className={`btn btn-danger ${busy ? 'disabled' : ''}`}
              aria-disabled={busy || undefined}
              onClick={async () => {
                if (busy) return;
                const lines = cart.items;
                const outcome = await dispatch(clearCart());
                if (!outcome.ok) toast.error(translateText(outcome.message));
                // Clearing is one tap away from a mistake: Undo brings the lines back.
                else setCleared(lines);
              }}
            >
              {t('Clear Cart')}
            </button>
            <Link to="/" className="btn btn-secondary">
              {t('Continue Shopping')}
            </Link>
          </div>
        </div>
        <div className="col-12 col-lg-4">
          <OrderSummary />
        </div>
      </div>
    );
  }

  return (
    <section aria-labelledby="cart-title">
      <h1 id="cart-title" className="h4 mb-3">
        {t('Shopping Cart')}
      </h1>
      <p className="small text-body-secondary cart-status mb-2" role="status">
        {loading ? t('Loading cart...') : ''}
      </p>
      {error && (
        <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
          <span className="me-auto">{translateText(error)}</span>
          <button
            type="button"
            className="btn btn-sm btn-danger"
            onClick={() => dispatch(syncCustomerCart())}
          >
            {t('Retry')}
          </button>
        </div>
      )}
      {body}
    </section>
  );
}
