import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CardControls } from '../app/card-controls';
import { type RootState, rootReducer } from '../app/root-reducer';

/** The app's reducers without persistence or start-up loads. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

/** Renders a component inside a store and a memory router with a /login and /detail route to land on. */
export function renderWithApp(ui: ReactElement, store = makeStore()) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <CardControls>{ui}</CardControls> },
      { path: '/login', element: <p>Login page</p> },
      { path: '/detail/:slug', element: <p>Detail page</p> },
      { path: '/checkout', element: <p>Checkout page</p> },
    ],
    { initialEntries: ['/'] },
  );
  return {
    store,
    router,
    ...render(<Provider store={store}>{<RouterProvider router={router} />}</Provider>),
  };
}
