import type { DeliveredProduct } from '@pasal/contract/orders';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { msg } from '../../i18n/i18n';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import { fetchDeliveredProducts, postReview, refreshProductPage, serverMessage } from './orders-api';
import { RateProductCard } from './rate-product-card';
import { ratingsState } from './ratings-state';

export const NOT_RATED_TEXT = msg('You have not rated any products yet.');
export const ALL_RATED_TEXT = msg('You have rated every product delivered to you. Thank you!');

/** /profile/ratings: delivered products not reviewed yet, each with stars and a text box. */
export function ProfileRatings() {
  const { t } = useTranslation();
  const [products, setProducts] = useState<DeliveredProduct[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchDeliveredProducts(controller.signal).then(setProducts, (error) => {
      if (controller.signal.aborted) return;
      console.error('Delivered products could not be loaded', error);
      setProducts([]);
    });
    return () => controller.abort();
  }, []);

  const rate = async (product: DeliveredProduct, rating: number, review: string) => {
    try {
      const answer = await postReview(product.id, rating, review);
      await refreshProductPage(product);
      setProducts((list) =>
        list === null ? null : list.map((p) => (p.id === product.id ? { ...p, reviewed: true } : p)),
      );
      toast.success(translateText(answer.message));
    } catch (error) {
      throw new Error(serverMessage(error, t('Failed to submit your review. Please try again.')));
    }
  };

  const state = products && ratingsState(products);
  return (
    <section aria-labelledby="ratings-title">
      <h2 id="ratings-title" className="h4 mb-3">
        {t('Rate Your Products')}
      </h2>
      {!state ? (
        <p className="text-body-secondary" role="status">
          {t('Loading...')}
        </p>
      ) : state.toRate.length === 0 ? (
        <p className="text-body-secondary">{t(state.ratedAny ? ALL_RATED_TEXT : NOT_RATED_TEXT)}</p>
      ) : (
        <div className="d-grid gap-3">
          {state.toRate.map((product) => (
            <RateProductCard
              key={product.id}
              product={product}
              onSubmit={(rating, review) => rate(product, rating, review)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
