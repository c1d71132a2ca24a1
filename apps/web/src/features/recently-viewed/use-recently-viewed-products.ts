import type { Product } from '@pasal/contract/catalogue';
import { useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { afterFirstScreen } from '../../lib/after-first-screen';
import { loadViewedProducts } from './recently-viewed-api';
import { productsGone, selectRecentlyViewed } from './recently-viewed-slice';

/**
 * The products the shopper opened, most recent first, as the server has them now; `exclude` is
 * the product on show (a detail page). Empty until they have arrived: they are asked for once the
 * first screen is on show, so they never compete with it. Pages show them in a "Recently viewed"
 * row at their foot, below rows already in place, so its late arrival moves nothing (CLS 0).
 */
export function useRecentlyViewedProducts(exclude?: number): Product[] {
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

  return products;
}
