import type { Review } from '@pasal/contract/catalogue';
import { BsStarFill } from 'react-icons/bs';

const fullName = (u: Review['user']) => [u.first_name, u.middle_name, u.last_name].filter(Boolean).join(' ');
const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function ReviewList({ reviews }: { reviews: Review[] }) {
  if (reviews.length === 0) return <p className="text-body-secondary">No reviews yet.</p>;
  return (
    <ul className="list-unstyled">
      {reviews.map((r) => (
        <li key={r.id} className="border-bottom py-2">
          <div className="d-flex flex-wrap gap-2 align-items-center">
            <strong>{fullName(r.user)}</strong>
            <span className="small text-body-secondary">{formatDate(r.created_at)}</span>
            <span className="ms-auto small" role="img" aria-label={`Rated ${r.rating} out of 5`}>
              <BsStarFill className="text-warning me-1" aria-hidden="true" />
              {r.rating}/5
            </span>
          </div>
          <p className="mb-0 mt-1">{r.review}</p>
        </li>
      ))}
    </ul>
  );
}
