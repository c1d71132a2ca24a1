import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { selectIsLoggedIn } from '../auth/auth-slice';

/** /profile/wishlist: the wishlist screen's states (shopping.md §2); the server list comes later. */
export function ProfileWishlist() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { items, loading } = useAppSelector((s) => s.wishlist);

  let body: React.ReactNode;
  if (!loggedIn) {
    body = (
      <>
        <p>Please login to view your wishlist</p>
        <Link to="/login" className="btn btn-success">
          Login
        </Link>
      </>
    );
  } else if (loading) {
    body = <p role="status">Loading your wishlist...</p>;
  } else if (items.length === 0) {
    body = (
      <>
        <p>Your wishlist is empty</p>
        <Link to="/" className="btn btn-success">
          Shop Now
        </Link>
      </>
    );
  } else {
    body = (
      <ul className="list-group text-start">
        {items.map((item) => (
          <li key={item.id} className="list-group-item d-flex justify-content-between">
            <Link to={`/detail/${item.slug ?? item.id}`}>{item.title}</Link>
            <span>Rs {item.selling_price}</span>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="wishlist-title">
      <h2 id="wishlist-title" className="h4 mb-3">
        My Wishlist
      </h2>
      <div className="text-center py-3">{body}</div>
    </section>
  );
}
