import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { makeStore } from '../../test/render';
import { loggedIn } from '../auth/auth-slice';
import { CheckoutPage } from './checkout-page';
import { PaymentReturnPage } from './payment-return-page';

function Landing() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

/** A logged-in customer (whose cart is the fake server's) at `path`: /checkout or /payment/return?…. */
export function renderCheckout(path = '/checkout') {
  const store = makeStore();
  store.dispatch(loggedIn({ access: 'a', refresh: 'r', user_id: 7 }));
  const router = createMemoryRouter(
    [
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/payment/return', element: <PaymentReturnPage /> },
      { path: '*', element: <Landing /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router };
}
