import { DayText } from '../../components/day-text';
import { msg } from '../../i18n/i18n';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import './orders.css';
import { type DeliveredProduct, MAX_REVIEW_LENGTH } from '@pasal/contract/orders';
import { useId, useState } from 'react';
import { ProductImage } from '../../components/product-image';
import { DEFAULT_IMAGE } from '../../lib/product';
import { StarPicker } from './star-picker';

export const RATING_REQUIRED = msg('Please choose a rating');

interface Props {
  product: DeliveredProduct;
  /** Posts the review; rejects with the message to show. */
  onSubmit(rating: number, review: string): Promise<void>;
}

/** One delivered product waiting for the customer's stars and words. */
export function RateProductCard({ product, onSubmit }: Props) {
  const { t } = useTranslation();
  const [rating, setRating] = useState(0);
  const [review, setReview] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const uid = useId();
  const titleId = `${uid}-title`;
  const errorId = `${uid}-error`;
  const image = product.primary_image?.thumbnail_image || product.primary_image?.image || DEFAULT_IMAGE;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      setError(RATING_REQUIRED);
      return;
    }
    setSending(true);
    setError('');
    try {
      await onSubmit(rating, review.trim());
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setSending(false);
    }
  };

  return (
    <article className="card" aria-labelledby={titleId}>
      <form className="card-body" onSubmit={submit} noValidate>
        <div className="d-flex gap-3 mb-2">
          <div className="delivered-image overflow-hidden">
            <ProductImage src={image} alt="" className="w-100 h-100 object-fit-cover" />
          </div>
          <div className="min-w-0">
            <h3 id={titleId} className="h6 mb-1 text-break">
              {product.title}
            </h3>
            <p className="small text-body-secondary mb-0">
              <DayText value={product.created_on} sentence={msg('Purchased on {{date}}')} />
            </p>
          </div>
        </div>
        <StarPicker
          name={`${uid}-rating`}
          legend={t('Your rating for {{title}}', { title: product.title })}
          value={rating}
          invalid={Boolean(error)}
          describedBy={error ? errorId : undefined}
          onChange={(n) => {
            setRating(n);
            setError('');
          }}
        />
        <label htmlFor={`${uid}-review`} className="form-label mt-2">
          {t('Your review (optional)')}
        </label>
        <textarea
          id={`${uid}-review`}
          className="form-control"
          rows={2}
          maxLength={MAX_REVIEW_LENGTH}
          value={review}
          onChange={(e) => setReview(e.target.value)}
        />
        {error && (
          <div id={errorId} className="invalid-feedback d-block" role="alert">
            {translateText(error)}
          </div>
        )}
        <button type="submit" className="btn btn-success btn-sm mt-2" disabled={sending}>
          {sending ? t('Submitting...') : t('Submit Review')}
        </button>
      </form>
    </article>
  );
}
