import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown when a route fails to load (e.g. a chunk missing after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const text = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong.';
  return (
    <div className="container py-5 text-center">
      <h1 className="h3">Something went wrong</h1>
      <p>{text}</p>
      <Link to="/" className="btn btn-success">
        Go to the home page
      </Link>
    </div>
  );
}
