import type { ProfileData } from '@pasal/contract/profile';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../test/render';
import { fetchProfile } from '../profile/profile-api';
import { StaffGuard } from './staff-guard';

vi.mock('../profile/profile-api', () => ({ fetchProfile: vi.fn() }));

const profile = (isStaff: boolean): ProfileData => ({
  user: { first_name: 'A', middle_name: '', last_name: 'B', email: null, phone: null, is_staff: isStaff },
  profile: { image: null, date_of_birth: null, gender: null },
});
const session = { access: 'token', refresh: 'r', user_id: '1', isAuthenticated: true };

function open(auth?: typeof session) {
  const store = makeStore(auth ? { auth } : undefined);
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: (
          <StaffGuard>
            <h1>Dashboard</h1>
          </StaffGuard>
        ),
      },
      { path: '/login', element: <p>Login page</p> },
    ],
    { initialEntries: ['/admin'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return store;
}

describe('StaffGuard', () => {
  beforeEach(() => vi.mocked(fetchProfile).mockReset());

  it('sends a visitor to log in', () => {
    open();
    expect(screen.getByText('Login page')).toBeInTheDocument();
    expect(fetchProfile).not.toHaveBeenCalled();
  });

  it('shows a customer the not-allowed page', async () => {
    vi.mocked(fetchProfile).mockResolvedValue(profile(false));
    open(session);
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.getByText('Only staff accounts can use the shop console.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
  });

  it('lets staff in, and keeps the profile for the header link', async () => {
    vi.mocked(fetchProfile).mockResolvedValue(profile(true));
    const store = open(session);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(store.getState().profile.data?.user.is_staff).toBe(true);
  });

  it('offers to try again when the account cannot be checked', async () => {
    vi.mocked(fetchProfile).mockRejectedValueOnce(new Error('down')).mockResolvedValue(profile(true));
    open(session);
    (await screen.findByRole('button', { name: 'Try again' })).click();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
