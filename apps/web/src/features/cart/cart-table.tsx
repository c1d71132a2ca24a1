import { onlyInStock } from '@pasal/contract/shop-texts';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { useAppDispatch } from '../../app/hooks';
import { ProductImage } from '../../components/product-image';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import { formatRs } from '../../lib/money';
import type { CartItem } from './cart-slice';
import { CartStepper } from './cart-stepper';
import { type ChangeOutcome, changeQuantity, removeLine } from './cart-thunks';

function tell(outcome: ChangeOutcome) {
  if (outcome.ok) return;
  if (outcome.kind === 'stock') toast.warning(translateText(outcome.message));
  else toast.error(translateText(outcome.message));
}

function CartRow({ item, busy }: { item: CartItem; busy: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const unavailable = item.is_available === false;
  const soldOut = unavailable && !item.stock;
  const href = `/detail/${item.slug || item.product}`;

  return (
    <tr>
      <td data-label={t('Product')}>
        <div className="d-flex align-items-start gap-2">
          <div className="cart-thumb flex-shrink-0 rounded overflow-hidden">
            <ProductImage src={item.image} alt="" className="w-100 h-100 object-fit-cover" />
          </div>
          <div className="min-w-0">
            <Link to={href} className="fw-semibold text-body cart-line-title">
              {item.title}
            </Link>
            {soldOut && (
              <div className="badge text-bg-danger d-block mt-1 text-start">{t('Out of stock')}</div>
            )}
            {/* Stock below the line: the stepper says how many there are. */}
            {unavailable && <div className="small text-body-secondary">{t('Not counted in the total')}</div>}
            <button
              type="button"
              className={`btn btn-link btn-sm text-danger-emphasis px-0 cart-remove ${busy ? 'disabled' : ''}`}
              aria-disabled={busy || undefined}
              onClick={async () => !busy && tell(await dispatch(removeLine(item.product)))}
            >
              {t('Remove')} <span className="visually-hidden">{item.title}</span>
            </button>
          </div>
        </div>
      </td>
      <td data-label={t('Price')}>{formatRs(item.rate)}</td>
      <td data-label={t('Quantity')}>
        <CartStepper
          title={item.title}
          quantity={item.quantity}
          max={item.stock}
          busy={busy}
          onChange={async (quantity) => tell(await dispatch(changeQuantity(item.product, quantity)))}
          onLimit={(n) =>
            toast.warning(translateText(onlyInStock(n)), { toastId: `cart-stock-${item.product}` })
          }
        />
      </td>
      <td data-label={t('Total')} className="fw-bold">
        {formatRs(item.subtotal)}
      </td>
    </tr>
  );
}

/** The cart's lines (shopping.md §2): Product, Price, Quantity, Total; stacked rows on small screens. */
export function CartTable({ items, busy }: { items: CartItem[]; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <table className="table align-middle cart-table mb-3">
      <caption className="visually-hidden">{t('Items in your cart')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('Product')}</th>
          <th scope="col">{t('Price')}</th>
          <th scope="col">{t('Quantity')}</th>
          <th scope="col">{t('Total')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <CartRow key={item.product} item={item} busy={busy} />
        ))}
      </tbody>
    </table>
  );
}
