import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/test-harness';
import { maskEmail, maskPhone } from './mask';
import { OtpCheckPage } from './otp-check-page';
import { OtpVerifyEmailPage } from './otp-verify-email-page';
import { OtpVerifyPage } from './otp-verify-page';
import { SetPasswordPage } from './set-password-page';

vi.mock('./auth-api', () => ({
  sendSignupOtp: vi.fn(async () => ({ message: 'OTP sent successfully to your phone' })),
  verifySignupOtp: vi.fn(),
  sendOnboardingOtp: vi.fn(),
  verifyOnboardingOtp: vi.fn(),
  sendEmailOtp: vi.fn(async () => ({ message: 'OTP sent successfully to your email' })),
  verifyEmailOtp: vi.fn(),
  setOnboardingPassword: vi.fn(),
}));

describe('masks', () => {
  it('shows only the last 4 digits of a phone', () => expect(maskPhone('9812345678')).toBe('******5678'));
  it('shows the first 3 characters of an e-mail and dots', () =>
    expect(maskEmail('sita@example.com')).toBe('sit...'));
});

afterEach(() => sessionStorage.clear());

describe('OTP pages', () => {
  it('/otpverify shows the masked phone and sends a code on arrival', async () => {
    renderPage(<OtpVerifyPage />, { state: { phone: '9812345678', token: 'signup-token' } });
    expect(screen.getByText(/\*{6}5678/)).toBeInTheDocument();
    expect(screen.queryByText('9812345678')).not.toBeInTheDocument();
    expect(await screen.findByText('OTP sent successfully to your phone')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Signup' })).toHaveAttribute('href', '/signup');
  });

  it('/otpverifys shows the e-mail as its first 3 characters and dots', async () => {
    renderPage(<OtpVerifyEmailPage />, { state: { email: 'sita@example.com' } });
    expect(screen.getByText(/sit\.\.\./)).toBeInTheDocument();
    expect(screen.queryByText(/sita@example\.com/)).not.toBeInTheDocument();
    expect(await screen.findByText('OTP sent successfully to your email')).toBeInTheDocument();
  });

  it.each([
    [OtpVerifyPage, 'Phone number not found. Please sign up first.', '/signup'],
    [OtpVerifyEmailPage, 'Email not found. Please sign up first.', '/signup'],
    [OtpCheckPage, 'Phone number not found. Please sign up first.', '/phonesignup'],
    [SetPasswordPage, 'Phone number not found. Please verify OTP first.', '/phonesignup'],
  ])('without navigation state %o shows an error and redirects', async (Page, message, to) => {
    renderPage(<Page />);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByTestId('landed')).toHaveTextContent(to);
    await act(async () => {});
  });
});
