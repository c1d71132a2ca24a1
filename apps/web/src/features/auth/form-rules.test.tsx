import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/test-harness';
import { PhoneSignupPage } from './phone-signup-page';
import { SetPasswordPage, validateSetPassword } from './set-password-page';
import { validateSignup } from './signup-validation';

vi.mock('./auth-api', () => ({ sendOnboardingOtp: vi.fn(), setOnboardingPassword: vi.fn() }));

describe('phone sign-up', () => {
  it('needs a phone of at least 10 characters', async () => {
    renderPage(<PhoneSignupPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Please enter your phone number.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('First name'), 'Sita');
    await user.type(screen.getByLabelText('Last name'), 'Sharma');
    await user.type(screen.getByLabelText('Phone number'), '981234567');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Phone number should not be less than 10 digits.')).toBeInTheDocument();
  }, 20_000);
});

describe('set password', () => {
  it('checks both fields, the match and the length in that order', () => {
    expect(validateSetPassword('', 'abcdef')).toBe('Please fill both fields.');
    expect(validateSetPassword('abcdef', 'abcdeg')).toBe('Passwords do not match.');
    expect(validateSetPassword('abcde', 'abcde')).toBe('Password should not be less than 6 characters.');
    expect(validateSetPassword('abcdef', 'abcdef')).toBeUndefined();
  });

  it('shows the message on the page', async () => {
    renderPage(<SetPasswordPage />, { state: { phone: '9812345678', token: 'setup-token' } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Please fill both fields.')).toBeInTheDocument();
  });
});

describe('e-mail sign-up form', () => {
  const valid = {
    email: 'ram@example.com',
    password: 'abc',
    confirm_password: 'abc',
    first_name: 'Ram',
    last_name: 'Thapa',
    phone: '9812345678',
  };
  it('accepts a valid form', () => expect(validateSignup(valid)).toEqual({}));
  it('gives the spec messages', () => {
    expect(
      validateSignup({
        email: 'nope',
        password: 'ab',
        confirm_password: 'abc',
        first_name: 'R4m',
        last_name: '',
        phone: '98-12',
      }),
    ).toEqual({
      email: 'Invalid email',
      password: 'Password must be at least 3 characters',
      confirm_password: 'Passwords must match',
      first_name: 'First name must contain only letters',
      last_name: 'Last name is required',
      phone: 'Phone number must contain only numbers',
    });
  });
});
