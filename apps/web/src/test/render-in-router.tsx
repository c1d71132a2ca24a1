import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/** Renders shared UI (no store, no feature) in a memory router. */
export function renderInRouter(ui: ReactElement) {
  const router = createMemoryRouter([{ path: '/', element: ui }], { initialEntries: ['/'] });
  return { router, ...render(<RouterProvider router={router} />) };
}
