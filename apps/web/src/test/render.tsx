import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { authSlice } from '../features/auth/auth-slice';
import { cartSlice } from '../features/cart/cart-slice';
import { themeSlice } from '../features/theme/theme-slice';
import { wishlistSlice } from '../features/wishlist/wishlist-slice';

export function makeStore() {
  return configureStore({
    reducer: {
      auth: authSlice.reducer,
      cart: cartSlice.reducer,
      wishlist: wishlistSlice.reducer,
      theme: themeSlice.reducer,
    },
  });
}

/** Renders a component inside a store and a memory router with a /login and /detail route to land on. */
export function renderWithApp(ui: ReactElement, store = makeStore()) {
  const router = createMemoryRouter(
    [
      { path: '/', element: ui },
      { path: '/login', element: <p>Login page</p> },
      { path: '/detail/:slug', element: <p>Detail page</p> },
    ],
    { initialEntries: ['/'] },
  );
  return {
    store,
    router,
    ...render(<Provider store={store}>{<RouterProvider router={router} />}</Provider>),
  };
}
