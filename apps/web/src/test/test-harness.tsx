import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { type AuthState, initialAuthState } from '../features/auth/auth-slice';
import { makeStore } from './render';

export function makeTestStore(auth: Partial<AuthState> = {}) {
  return makeStore({ auth: { ...initialAuthState, ...auth } });
}

/** Any other route shows where the page sent the user, with the state it carried. */
function Landing() {
  const location = useLocation();
  return (
    <p data-testid="landed">
      {location.pathname} {JSON.stringify(location.state ?? null)}
    </p>
  );
}

interface Options {
  path?: string;
  state?: unknown;
  auth?: Partial<AuthState>;
}

/** Renders one page at `path` (with navigation state) in a memory router, a store and the toasts. */
export function renderPage(page: ReactElement, { path = '/page', state, auth }: Options = {}) {
  const store = makeTestStore(auth);
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '*', element: <Landing /> },
    ],
    { initialEntries: [{ pathname: path, state }] },
  );
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <ToastContainer />
    </Provider>,
  );
  return { ...view, store, router };
}
