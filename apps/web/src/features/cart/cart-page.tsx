import { BsDash, BsPlus } from 'react-icons/bs';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ProductImage } from '../../components/product-image';
import { formatRs } from '../../lib/product';
import { cartActions, selectCart } from './cart-slice';

/** The local cart for now; the full cart screen (promo, server cart) comes with a later issue. */
export function CartPage() {
  const cart = useAppSelector(selectCart);
  const dispatch = useAppDispatch();

  if (cart.items.length === 0)
    return (
      <section className="text-center py-5">
        <h1 className="h4">Your cart is empty</h1>
        <Link to="/" className="btn btn-success mt-2">
          Continue Shopping
        </Link>
      </section>
    );

  return (
    <section>
      <h1 className="h4 mb-3">Cart</h1>
      <ul className="list-unstyled">
        {cart.items.map((item) => (
          <li key={item.product} className="d-flex flex-wrap align-items-center gap-3 border-bottom py-2">
            <div style={{ width: 64, height: 64 }} className="flex-shrink-0 overflow-hidden rounded">
              <ProductImage src={item.image} alt={item.title} className="w-100 h-100 object-fit-cover" />
            </div>
            <div className="flex-grow-1" style={{ minWidth: 140 }}>
              <div className="fw-semibold">{item.title}</div>
              <div className="small text-body-secondary">{formatRs(item.rate)}</div>
            </div>
            <div className="d-flex align-items-center gap-1">
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                aria-label={`Decrease quantity of ${item.title}`}
                onClick={() =>
                  item.quantity > 1 &&
                  dispatch(
                    cartActions.quantityChanged({ product: item.product, quantity: item.quantity - 1 }),
                  )
                }
              >
                <BsDash aria-hidden="true" />
              </button>
              <span className="qty-value">{item.quantity}</span>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                aria-label={`Increase quantity of ${item.title}`}
                disabled={item.stock !== undefined && item.quantity >= item.stock}
                onClick={() =>
                  dispatch(
                    cartActions.quantityChanged({ product: item.product, quantity: item.quantity + 1 }),
                  )
                }
              >
                <BsPlus aria-hidden="true" />
              </button>
            </div>
            <div className="fw-bold" style={{ minWidth: 90 }}>
              {formatRs(item.subtotal)}
            </div>
            <button
              type="button"
              className="btn btn-link btn-sm text-danger"
              onClick={() => dispatch(cartActions.itemRemoved({ product: item.product }))}
            >
              Remove<span className="visually-hidden"> {item.title}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
        <div className="d-flex gap-2">
          <button
            type="button"
            className="btn btn-outline-danger"
            onClick={() => dispatch(cartActions.cleared())}
          >
            Clear Cart
          </button>
          <Link to="/" className="btn btn-outline-secondary">
            Continue Shopping
          </Link>
        </div>
        <p className="fs-5 mb-0">
          Total: <strong>{formatRs(cart.finalAmount)}</strong>
        </p>
      </div>
    </section>
  );
}
