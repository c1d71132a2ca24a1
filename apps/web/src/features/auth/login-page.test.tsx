import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/test-harness';
import { login } from './auth-api';
import { LoginPage, pathBack } from './login-page';

vi.mock('./auth-api', () => ({ login: vi.fn() }));
const loginMock = vi.mocked(login);

const fill = async (id: string, password: string) => {
  const user = userEvent.setup();
  if (id) await user.type(screen.getByLabelText('Phone number or email'), id);
  if (password) await user.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
};

describe('LoginPage', () => {
  beforeEach(() => {
    loginMock.mockReset();
  });

  it('asks for both fields', async () => {
    renderPage(<LoginPage />, { path: '/login' });
    await fill('', '');
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(loginMock).not.toHaveBeenCalled();
  });

  it('needs a password of at least 6 characters', async () => {
    renderPage(<LoginPage />, { path: '/login' });
    await fill('9800000001', '12345');
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
  });

  it('shows Loading... while submitting, stores the tokens and goes home', async () => {
    let answer!: (value: unknown) => void;
    loginMock.mockReturnValue(new Promise((resolve) => (answer = resolve)) as never);
    const { store } = renderPage(<LoginPage />, { path: '/login' });
    await fill('9800000001', 'Demo@1234');
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(loginMock).toHaveBeenCalledWith({ phone_or_email: '9800000001', password: 'Demo@1234' });
    answer({ status: 200, data: { access_token: 'a', refresh_token: 'r', user_id: '7' } });
    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    // The toast and the navigation render separately: wait for the landing too.
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/ /);
    expect(store.getState().auth).toMatchObject({
      access: 'a',
      refresh: 'r',
      user_id: '7',
      isAuthenticated: true,
    });
  });

  it('says Invalid Credentials on any failure', async () => {
    loginMock.mockImplementation(async () => {
      throw new Error('401');
    });
    renderPage(<LoginPage />, { path: '/login' });
    await fill('9800000001', 'wrong-pass');
    expect(await screen.findByText('Invalid Credentials')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
  });

  it('has Remember me and links to forgot password and phone sign-up', () => {
    renderPage(<LoginPage />, { path: '/login' });
    expect(screen.getByLabelText('Remember me')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgetpassword');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/phonesignup');
  });
});

describe('the way back after login', () => {
  it('follows a path of this shop only', () => {
    expect(pathBack({ back: '/detail/tea' })).toBe('/detail/tea');
    expect(pathBack(null)).toBe('/');
    expect(pathBack({ back: '//evil.example/x' })).toBe('/');
    expect(pathBack({ back: '/\\evil.example' })).toBe('/');
    expect(pathBack({ back: 'https://evil.example' })).toBe('/');
    expect(pathBack({ back: 42 })).toBe('/');
  });
});
