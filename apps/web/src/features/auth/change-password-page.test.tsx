import { meetsResetRule } from '@pasal/contract/password-rules';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/test-harness';
import { changeForgetPassword } from './auth-api';
import { ChangePasswordPage } from './change-password-page';

vi.mock('./auth-api', () => ({ changeForgetPassword: vi.fn() }));

const RULE = 'Password must contain 8+ characters, uppercase, lowercase, number, and special character';
const state = { reset_token: 'token-1', email: 'sita@example.com' };

async function submit(password: string, confirm: string) {
  const user = userEvent.setup();
  if (password) await user.type(screen.getByLabelText('New Password'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  return user;
}

describe('reset password rule', () => {
  it.each([
    ['Abcdef1!', true],
    ['Abcde1!', false],
    ['abcdef1!', false],
    ['ABCDEF1!', false],
    ['Abcdefg!', false],
    ['Abcdefg1', false],
    ['Abcdef1(', false],
  ])('%s → %s', (value, ok) => expect(meetsResetRule(value)).toBe(ok));
});

describe('ChangePasswordPage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the e-mail being reset and asks for both fields', async () => {
    renderPage(<ChangePasswordPage />, { state });
    expect(screen.getByText('sita@example.com')).toBeInTheDocument();
    await submit('', '');
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm Password is required')).toBeInTheDocument();
  });

  it('explains the rule, the mismatch, and clears a message when its field is edited', async () => {
    renderPage(<ChangePasswordPage />, { state });
    const user = await submit('short', 'other');
    expect(screen.getByText(RULE)).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New Password'), 'X');
    expect(screen.queryByText(RULE)).not.toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('sends the token and the new password, then goes to /login', async () => {
    vi.mocked(changeForgetPassword).mockResolvedValue({
      success: true,
      message: 'Password successfully changed!',
    });
    renderPage(<ChangePasswordPage />, { state });
    await submit('Fresh#2024', 'Fresh#2024');
    expect(changeForgetPassword).toHaveBeenCalledWith({
      reset_token: 'token-1',
      new_password: 'Fresh#2024',
      confirm_password: 'Fresh#2024',
    });
    expect(await screen.findByText('Password successfully changed!')).toBeInTheDocument();
    expect(screen.getByTestId('landed')).toHaveTextContent('/login');
  });

  it('without a token says so and redirects to OTP verification after 3 s', async () => {
    vi.useFakeTimers();
    renderPage(<ChangePasswordPage />, { state: { email: 'sita@example.com' } });
    expect(screen.getByText('Missing reset token. Redirecting to OTP verification...')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(2900);
    });
    expect(screen.queryByTestId('landed')).not.toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByTestId('landed')).toHaveTextContent('/otpverifys {"email":"sita@example.com"}');
  });
});
