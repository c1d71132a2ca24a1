import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../app/hooks';
import { ProductGrid } from '../components/product-grid';
import { selectCart } from '../features/cart/cart-slice';
import { msg } from '../i18n/i18n';
import { useTranslation } from '../i18n/use-translation';
import { formatRs } from '../lib/money';
import type { ProductLike } from '../lib/product';
import { usePageMeta } from '../lib/use-page-meta';
import { keptProducts } from './offline-products';

export const OFFLINE_TITLE = msg("You're offline");

/** What a page opened offline shows when this phone has not kept it: what it has kept instead. */
export function OfflinePage() {
  const { t } = useTranslation();
  usePageMeta(t(OFFLINE_TITLE));
  const cart = useAppSelector(selectCart);
  const [products, setProducts] = useState<ProductLike[] | null>(null);

  useEffect(() => {
    let live = true;
    keptProducts()
      .catch(() => [])
      .then((list) => {
        if (live) setProducts(list);
      });
    return () => {
      live = false;
    };
  }, []);

  return (
    <div className="py-3">
      <h1 className="h3">{t(OFFLINE_TITLE)}</h1>
      <p>
        {t('This page has not been opened on this phone yet, so it cannot be shown without a connection.')}
      </p>
      <section aria-labelledby="offline-cart" className="mb-4">
        <h2 id="offline-cart" className="h5">
          {t('Your cart')}
        </h2>
        {cart.items.length === 0 ? (
          <p>{t('Your cart is empty')}</p>
        ) : (
          <>
            <ul className="list-unstyled mb-2">
              {cart.items.map((item) => (
                <li key={item.product}>
                  {item.title} × {item.quantity}
                </li>
              ))}
            </ul>
            <p className="mb-2">{t('Total: {{amount}}', { amount: formatRs(cart.totalAmount) })}</p>
            <Link to="/cart" className="btn btn-success btn-sm">
              {t('Open the cart')}
            </Link>
          </>
        )}
      </section>
      {products && products.length > 0 && (
        <section aria-labelledby="offline-products">
          <h2 id="offline-products" className="h5">
            {t('Products you have seen')}
          </h2>
          <ProductGrid
            products={products}
            label={t('Products you have seen')}
            headingLevel="h3"
            eager={false}
          />
        </section>
      )}
    </div>
  );
}
