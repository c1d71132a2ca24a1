import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import { markAppRendered } from '../lib/after-first-screen';
import { RouteErrorBoundary } from './route-error';
import { routes } from './routes';
import { store } from './store';
import { Toasts } from './toasts';

// The router in declarative mode: the shop uses no loaders or actions, and the data router's code
// was 17 kB of the first load (decision 016).
function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes);
  return <RouteErrorBoundary locationKey={location.key}>{element}</RouteErrorBoundary>;
}

/** Rendered once the store is rehydrated (`storeRehydrated`, awaited in main.tsx). */
export function App() {
  // After the first commit's paint: work deferred past the first screen may start (after-first-screen.ts).
  useEffect(markAppRendered, []);
  return (
    <Provider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Toasts />
    </Provider>
  );
}
