import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LogoLink } from './logo';

describe('LogoLink', () => {
  it('is named by its visible word first (WCAG 2.5.3 Label in Name) and leads home', () => {
    const router = createMemoryRouter([{ path: '*', element: <LogoLink /> }], { initialEntries: ['/cart'] });
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'Pasal home' });
    expect(link).toHaveAttribute('href', '/');
    // The name comes from the content, not an aria-label that could drift from what is shown.
    expect(link).not.toHaveAttribute('aria-label');
    const visible = screen.getByText('Pasal');
    expect(link).toContainElement(visible);
    expect(link.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});
