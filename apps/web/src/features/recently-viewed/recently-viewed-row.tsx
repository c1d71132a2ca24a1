import type { Product } from '@pasal/contract/catalogue';
import { useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ProductRow } from '../../components/product-row';
import { useTranslation } from '../../i18n/use-translation';
import { afterFirstScreen } from '../../lib/after-first-screen';
import { loadViewedProducts } from './recently-viewed-api';
import { productsGone, selectRecentlyViewed } from './recently-viewed-slice';

interface Props {
  /** The product on show (a detail page): not listed as recently viewed. */
  exclude?: number;
}

/**
 * "Recently viewed": the products the shopper opened, as the server has them now. It sits at the
 * foot of the page, below rows that are already in place, and appears only with its data (nothing
 * above it moves: CLS stays 0); the products are asked for once the first screen is on show, so
 * they never compete with it.
 */
export function RecentlyViewedRow({ exclude }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const history = useAppSelector(selectRecentlyViewed);
  const shown = history.filter((p) => p.id !== exclude);
  // The history's order and contents; the current product moving to the front changes neither.
  const key = shown.map((p) => `${p.id}:${p.slug}`).join(' ');
  const [products, setProducts] = useState<Product[]>([]);
  // The products last read, by id: a history that only lost entries needs no new requests.
  const loaded = useRef(new Map<number, Product>());

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `shown`
  useEffect(() => {
    if (shown.length === 0) {
      setProducts([]);
      return;
    }
    if (shown.every((v) => loaded.current.has(v.id))) {
      setProducts(shown.map((v) => loaded.current.get(v.id) as Product));
      return;
    }
    const controller = new AbortController();
    const cancel = afterFirstScreen(() => {
      loadViewedProducts(shown, controller.signal).then(
        ({ products, gone }) => {
          loaded.current = new Map(products.map((p) => [p.id, p]));
          setProducts(products);
          if (gone.length > 0) dispatch(productsGone(gone));
        },
        () => {},
      );
    });
    return () => {
      cancel();
      controller.abort();
    };
  }, [key, dispatch]);

  return <ProductRow title={t('Recently viewed')} products={products} />;
}
