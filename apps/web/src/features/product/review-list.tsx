import type { Review } from '@pasal/contract/catalogue';
import { BsStarFill } from 'react-icons/bs';
import { DayText } from '../../components/day-text';
import { useTranslation } from '../../i18n/use-translation';

const fullName = (u: Review['user']) => [u.first_name, u.middle_name, u.last_name].filter(Boolean).join(' ');

export function ReviewList({ reviews }: { reviews: Review[] }) {
  const { t } = useTranslation();
  if (reviews.length === 0) return <p className="text-body-secondary">{t('No reviews yet.')}</p>;
  return (
    <ul className="list-unstyled">
      {reviews.map((r) => (
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
          <p className="mb-0 mt-1">{r.review}</p>
        </li>
      ))}
    </ul>
  );
}
