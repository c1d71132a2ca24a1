import type { ProfileData } from '@pasal/contract/profile';
import { fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { formatShortDate } from '../../lib/format-date';
import { makeStore } from '../../test/render';
import { renderPage } from '../../test/test-harness';
import { fetchProfile } from './profile-api';
import { ProfilePage } from './profile-page';
import { checkImageFile } from './use-avatar-upload';

vi.mock('./profile-api', () => ({
  fetchProfile: vi.fn(),
  uploadProfilePicture: vi.fn(),
  UnexpectedProfileShape: class extends Error {},
}));

const data: ProfileData = {
  user: {
    first_name: 'Sita',
    middle_name: '',
    last_name: 'Sharma',
    email: 'sita@example.com',
    phone: '9812345678',
  },
  profile: { image: '/media/avatars/broken.webp', date_of_birth: '1995-01-05', gender: 'Female' },
};
const auth = { access: 'token', user_id: '1', refresh: 'r', isAuthenticated: true };

describe('ProfilePage', () => {
  it('shows Loading profile... and then the card', async () => {
    vi.mocked(fetchProfile).mockResolvedValue(data);
    renderPage(<ProfilePage />, { path: '/profile', auth });
    expect(screen.getByText('Loading profile...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sita Sharma' })).toBeInTheDocument();
    expect(screen.getByText('@sita')).toBeInTheDocument();
    expect(screen.getByText('Jan 5, 1995')).toBeInTheDocument();
    expect(screen.getByText('Female')).toBeInTheDocument();
    expect(screen.getByText('9812345678')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ratings' })).toHaveAttribute('href', '/profile/ratings');
    // /profile alone marks the Orders tab (its route shows the orders there).
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveClass('active');
  });

  it('offers to verify an unverified e-mail and marks a verified one', async () => {
    vi.mocked(fetchProfile).mockResolvedValue({ ...data, user: { ...data.user, email_verified: false } });
    const first = renderPage(<ProfilePage />, { path: '/profile', auth });
    expect(await screen.findByRole('button', { name: 'Verify email' })).toBeInTheDocument();
    first.unmount();
    vi.mocked(fetchProfile).mockResolvedValue({ ...data, user: { ...data.user, email_verified: true } });
    renderPage(<ProfilePage />, { path: '/profile', auth });
    expect(await screen.findByText('sita@example.com (verified)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify email' })).not.toBeInTheDocument();
  });

  it('falls back to the bundled logo when the picture fails to load', async () => {
    vi.mocked(fetchProfile).mockResolvedValue(data);
    renderPage(<ProfilePage />, { path: '/profile', auth });
    const avatar = await screen.findByRole('img', { name: 'Profile picture of Sita Sharma' });
    expect(avatar).toHaveAttribute('src', '/media/avatars/broken.webp');
    fireEvent.error(avatar);
    expect(avatar.getAttribute('src')).toMatch(/default-avatar|^data:image\/svg/);
  });

  it('says No profile data available when the load fails', async () => {
    vi.mocked(fetchProfile).mockImplementation(async () => {
      throw new Error('down');
    });
    renderPage(<ProfilePage />, { path: '/profile', auth });
    expect(await screen.findByText('No profile data available')).toBeInTheDocument();
    expect(await screen.findByText('Error fetching profile data')).toBeInTheDocument();
  });

  it('sends a visitor to /login', () => {
    renderPage(<ProfilePage />, { path: '/profile' });
    expect(screen.getByTestId('landed')).toHaveTextContent('/login');
  });

  it('lets a visitor see the tab that has its own visitor state (the wishlist)', () => {
    const routes = [
      {
        path: '/profile',
        element: <ProfilePage />,
        children: [
          {
            path: 'wishlist',
            element: <p>Please login to view your wishlist</p>,
          },
          { path: 'orders', element: <p>Orders</p> },
        ],
      },
      { path: '/login', element: <p>Login page</p> },
    ];
    const visit = (path: string) => {
      const router = createMemoryRouter(routes, { initialEntries: [path] });
      const view = render(
        <Provider store={makeStore()}>
          <RouterProvider router={router} />
        </Provider>,
      );
      return { router, ...view };
    };
    const wishlist = visit('/profile/wishlist');
    expect(screen.getByText('Please login to view your wishlist')).toBeInTheDocument();
    expect(wishlist.router.state.location.pathname).toBe('/profile/wishlist');
    wishlist.unmount();
    expect(visit('/profile/orders').router.state.location.pathname).toBe('/login');
  });
});

describe('profile helpers', () => {
  it('formats dates in the en-US short form', () =>
    expect(formatShortDate('2024-12-31')).toBe('Dec 31, 2024'));
  it('checks the picture type and size', () => {
    expect(checkImageFile(new File(['x'], 'a.txt', { type: 'text/plain' }))).toBe(
      'Please select an image file',
    );
    const big = new File([new Uint8Array(5 * 1024 * 1024)], 'a.png', { type: 'image/png' });
    expect(checkImageFile(big)).toBe('Image size should be less than 5MB');
    expect(checkImageFile(new File(['x'], 'a.png', { type: 'image/png' }))).toBeUndefined();
  });
});
