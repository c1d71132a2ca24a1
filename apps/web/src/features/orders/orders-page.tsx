import { Navigate, useLocation } from 'react-router';

/** /orders (where the checkout success modal leads): the Orders tab of the profile, filter kept. */
export function OrdersPage() {
  const { search } = useLocation();
  return <Navigate to={`/profile/orders${search}`} replace />;
}
