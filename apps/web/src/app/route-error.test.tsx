import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, useLocation, useRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error';

function Broken(): never {
  throw new Error('broken page');
}

function Routes() {
  const location = useLocation();
  const element = useRoutes([
    { path: '/', element: <Link to="/fine">Fine page</Link> },
    { path: '/broken', element: <Broken /> },
    { path: '/fine', element: <p>A fine page</p> },
  ]);
  return <RouteErrorBoundary locationKey={location.key}>{element}</RouteErrorBoundary>;
}

describe('RouteErrorBoundary', () => {
  it('shows the error page for a page that fails, and the next page after a navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Routes />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go to the home page' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Fine page' }));
    expect(await screen.findByText('A fine page')).toBeInTheDocument();
  });
});
