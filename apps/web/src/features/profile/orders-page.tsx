import { Navigate } from 'react-router';

/** /orders (where the checkout success modal leads): the Orders tab of the profile. */
export function OrdersPage() {
  return <Navigate to="/profile/orders" replace />;
}
