import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { PersistGate } from 'redux-persist/integration/react';
import { PageSpinner } from '../components/page-spinner';
import { routes } from './routes';
import { persistor, store } from './store';
import { Toasts } from './toasts';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <Provider store={store}>
      <PersistGate loading={<PageSpinner />} persistor={persistor}>
        <RouterProvider router={router} />
      </PersistGate>
      <Toasts />
    </Provider>
  );
}
