import { Link } from 'react-router';
import { usePageMeta } from '../../lib/use-page-meta';

export function NotFoundPage() {
  usePageMeta('Page not found');
  return (
    <div className="text-center py-5">
      <h1 className="h3">Page not found</h1>
      <p>The page you asked for does not exist.</p>
      <Link to="/" className="btn btn-success">
        Go to the home page
      </Link>
    </div>
  );
}
