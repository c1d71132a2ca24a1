import type { Review } from '@pasal/contract/catalogue';
import type { ListedReview, ReviewSort } from '@pasal/contract/reviews';
import { useEffect, useId, useState } from 'react';
import { BsStarFill } from 'react-icons/bs';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { DayText } from '../../components/day-text';
import { BsHandThumbsUp, BsHandThumbsUpFill } from '../../components/page-icons';
import { msg } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { selectIsLoggedIn } from '../auth/auth-slice';
import { loadReviews, markHelpful } from './review-api';

const fullName = (u: Review['user']) => [u.first_name, u.middle_name, u.last_name].filter(Boolean).join(' ');

/** What a review shows while its helpful marks are loading (or could not be loaded). */
type ShownReview = Review & Partial<Pick<ListedReview, 'helpful_count' | 'voted' | 'mine'>>;

/**
 * The Reviews tab: the product page's reviews at once, then the list with helpful marks in the
 * chosen order (newest or most helpful). A mark changes the count in place; the order stays until
 * the shopper sorts again, so nothing moves under their finger.
 */
export function ReviewList({ productId, reviews }: { productId: number; reviews: Review[] }) {
  const { t } = useTranslation();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [shown, setShown] = useState<ShownReview[]>(reviews);
  const [busy, setBusy] = useState<number | null>(null);
  const sortId = useId();
  const navigate = useNavigate();

  // Logging in or out changes the marks (and how the list is read).
  useEffect(() => {
    const controller = new AbortController();
    loadReviews(productId, sort, loggedIn, controller.signal).then(
      (listed) => setShown(listed),
      // The product page's own list stays (without marks) when this one cannot be had.
      () => undefined,
    );
    return () => controller.abort();
  }, [productId, sort, loggedIn]);

  if (reviews.length === 0 && shown.length === 0)
    return <p className="text-body-secondary">{t('No reviews yet.')}</p>;

  const toggle = async (review: ShownReview) => {
    if (!loggedIn) {
      toast.info(msg('Please log in to mark a review helpful.'));
      navigate('/login');
      return;
    }
    if (busy !== null) return;
    setBusy(review.id);
    try {
      const answer = await markHelpful(review.id, !review.voted);
      setShown((list) =>
        list.map((r) =>
          r.id === answer.review_id ? { ...r, helpful_count: answer.helpful_count, voted: answer.voted } : r,
        ),
      );
    } catch (e) {
      toast.error(errorMessage(e, msg('Could not save your vote. Please try again.')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <div className="d-flex align-items-center gap-2 mb-2">
        <label htmlFor={sortId} className="mb-0 text-nowrap">
          {t('Sort reviews')}
        </label>
        <select
          id={sortId}
          className="form-select form-select-sm w-auto"
          value={sort}
          onChange={(e) => setSort(e.target.value as ReviewSort)}
        >
          <option value="newest">{t('Newest first')}</option>
          <option value="helpful">{t('Most helpful first')}</option>
        </select>
      </div>
      <ul className="list-unstyled">
        {shown.map((r) => (
          <li key={r.id} className="border-bottom py-2">
            <div className="d-flex flex-wrap gap-2 align-items-center">
              <strong>{fullName(r.user)}</strong>
              <span className="small text-body-secondary">
                <DayText value={r.created_at} />
              </span>
              <span
                className="ms-auto small"
                role="img"
                aria-label={t('Rated {{rating, n}} out of 5', { rating: r.rating })}
              >
                <BsStarFill className="text-warning me-1" aria-hidden="true" />
                {t('{{rating, n}}/5', { rating: r.rating })}
              </span>
            </div>
            <p className="mb-1 mt-1">{r.review}</p>
            {r.helpful_count !== undefined && (
              <HelpfulMark review={r} busy={busy === r.id} onToggle={() => void toggle(r)} />
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function HelpfulMark({ review, busy, onToggle }: { review: ShownReview; busy: boolean; onToggle(): void }) {
  const { t } = useTranslation();
  const label = t('Helpful ({{count, n}})', { count: review.helpful_count ?? 0 });
  // One's own review shows its count; only other shoppers can mark it.
  if (review.mine) return <span className="small text-body-secondary">{label}</span>;
  const Icon = review.voted ? BsHandThumbsUpFill : BsHandThumbsUp;
  return (
    <button
      type="button"
      className={`btn btn-sm ${review.voted ? 'btn-success' : 'btn-outline-secondary'}`}
      aria-pressed={review.voted ?? false}
      aria-busy={busy || undefined}
      onClick={onToggle}
    >
      <Icon className="me-1" aria-hidden="true" />
      {label}
    </button>
  );
}
