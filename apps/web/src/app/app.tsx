import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { PersistGate } from 'redux-persist/integration/react';
import { PageSpinner } from '../components/page-spinner';
import { routes } from './routes';
import { persistor, store } from './store';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <Provider store={store}>
      <PersistGate loading={<PageSpinner />} persistor={persistor}>
        <RouterProvider router={router} />
      </PersistGate>
      <ToastContainer position="top-right" autoClose={5000} newestOnTop closeOnClick />
    </Provider>
  );
}
