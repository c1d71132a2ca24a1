import { type ComponentType, lazy } from 'react';

/**
 * A console screen as its own chunk, for the `element` of a route in the console's tree (descendant
 * routes cannot use the router's `lazy`): `element: lazyElement(() => import('./x-page'), (m) => m.XPage)`.
 * The console layout's Suspense shows a spinner while it loads.
 */
export function lazyElement<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  const Screen = lazy(async () => ({ default: pick(await load()) }));
  return <Screen />;
}
