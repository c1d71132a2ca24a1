import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/test-harness';
import {
  sendSignupOtp,
  setOnboardingPassword,
  signup,
  verifyOnboardingOtp,
  verifySignupOtp,
} from './auth-api';
import { keepProof, storedProof } from './flow-proof';
import { OtpCheckPage } from './otp-check-page';
import { OtpVerifyPage } from './otp-verify-page';
import { keepDraft, storedDraft } from './phone-signup-draft';
import { PhoneSignupPage } from './phone-signup-page';
import { SetPasswordPage } from './set-password-page';
import { SignupPage } from './signup-page';

// Decision 034: each sign-up step carries the token the step before it returned.

vi.mock('./auth-api', () => ({
  signup: vi.fn(),
  sendSignupOtp: vi.fn(async () => ({ message: 'OTP sent successfully to your phone' })),
  verifySignupOtp: vi.fn(),
  sendOnboardingOtp: vi.fn(async () => ({ message: 'OTP sent successfully to your phone' })),
  verifyOnboardingOtp: vi.fn(),
  setOnboardingPassword: vi.fn(),
}));

const REPLACED =
  'This sign-up was replaced by a newer one for the same phone number or e-mail. Please sign up again.';

function answered(status: number, data: object): AxiosError {
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', undefined, undefined, {
    status,
    data,
  } as AxiosResponse);
}

async function typeCode(code: string) {
  const user = userEvent.setup();
  await user.click(screen.getByLabelText('Digit 1 of 6'));
  await user.keyboard(code);
  await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
}

afterEach(() => {
  sessionStorage.clear();
  vi.clearAllMocks();
});

describe('e-mail sign-up', () => {
  it('hands the sign-up token to /otpverify in navigation state and in this tab', async () => {
    vi.mocked(signup).mockResolvedValue({
      message: 'Registration successful',
      user_id: '7',
      phone: '9812345678',
      email: 'ram@example.com',
      signup_token: 'signup-token-1',
    });
    renderPage(<SignupPage />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('First name'), 'Ram');
    await user.type(screen.getByLabelText('Last name'), 'Thapa');
    await user.type(screen.getByLabelText('Email'), 'ram@example.com');
    await user.type(screen.getByLabelText('Phone number'), '9812345678');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'abc');
    await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent(
      '/otpverify {"phone":"9812345678","token":"signup-token-1"}',
    );
    expect(storedProof('signup')).toEqual({ phone: '9812345678', token: 'signup-token-1' });
  }, 20_000);

  it('/otpverify sends and verifies with the token, and shows that the sign-up was replaced', async () => {
    vi.mocked(verifySignupOtp).mockRejectedValue(answered(409, { message: REPLACED }));
    renderPage(<OtpVerifyPage />, { state: { phone: '9812345678', token: 'signup-token-1' } });
    expect(await screen.findByText('OTP sent successfully to your phone')).toBeInTheDocument();
    expect(sendSignupOtp).toHaveBeenCalledWith({ phone: '9812345678', signup_token: 'signup-token-1' });
    await typeCode('123456');
    expect(await screen.findByText(REPLACED)).toBeInTheDocument();
    expect(verifySignupOtp).toHaveBeenCalledWith({
      phone: '9812345678',
      otp: '123456',
      signup_token: 'signup-token-1',
    });
  });

  it('/otpverify after a reload takes the token kept in this tab', async () => {
    keepProof('signup', { phone: '9812345678', token: 'signup-token-2' });
    renderPage(<OtpVerifyPage />);
    expect(await screen.findByText('OTP sent successfully to your phone')).toBeInTheDocument();
    expect(sendSignupOtp).toHaveBeenCalledWith({ phone: '9812345678', signup_token: 'signup-token-2' });
  });
});

describe('phone sign-up', () => {
  it('/phonesignup asks the name by the spec’s rules and keeps it with the phone in this tab', async () => {
    renderPage(<PhoneSignupPage />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Phone number'), '9812345678');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('First name'), 'S1ta');
    await user.type(screen.getByLabelText('Last name'), 'Sharma');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('First name must contain only letters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Sita');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/otpcheck {"phone":"9812345678"}');
    expect(storedDraft()).toEqual({ phone: '9812345678', first_name: 'Sita', last_name: 'Sharma' });
  });

  it('/otpcheck after a reload carries on with the phone kept in this tab', async () => {
    keepDraft({ phone: '9812345678', first_name: 'Sita', last_name: 'Sharma' });
    renderPage(<OtpCheckPage />);
    expect(screen.getByText(/phone number \*{6}5678/)).toBeInTheDocument();
    expect(screen.queryByText('Phone number not found. Please sign up first.')).toBeNull();
  });

  it('/setpass sends the name and logs the shopper in with the answer’s tokens', async () => {
    vi.mocked(setOnboardingPassword).mockResolvedValue({
      message: 'Password set successfully!',
      access_token: 'access-1',
      refresh_token: 'refresh-1',
      user_id: '42',
    });
    keepDraft({ phone: '9812345678', first_name: 'Sita', last_name: 'Sharma' });
    keepProof('setpass', { phone: '9812345678', token: 'setup-token-1' });
    const { store } = renderPage(<SetPasswordPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret1');
    await user.type(screen.getByLabelText('Confirm Password', { selector: 'input' }), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Password set successfully!')).toBeInTheDocument();
    expect(setOnboardingPassword).toHaveBeenCalledWith({
      phone: '9812345678',
      password: 'secret1',
      setup_token: 'setup-token-1',
      first_name: 'Sita',
      last_name: 'Sharma',
    });
    expect(store.getState().auth).toMatchObject({ access: 'access-1', refresh: 'refresh-1', user_id: '42' });
    expect(await screen.findByTestId('landed', undefined, { timeout: 3000 })).toHaveTextContent(/^\/ /);
    expect(storedDraft()).toBeUndefined();
  });

  it('/otpcheck hands the setup token to /setpass', async () => {
    vi.mocked(verifyOnboardingOtp).mockResolvedValue({
      message: 'OTP verified successfully',
      setup_token: 'setup-token-1',
    });
    renderPage(<OtpCheckPage />, { state: { phone: '9812345678' } });
    await typeCode('123456');
    expect(await screen.findByText('OTP verified successfully')).toBeInTheDocument();
    expect(await screen.findByTestId('landed', undefined, { timeout: 3000 })).toHaveTextContent(
      '/setpass {"phone":"9812345678","token":"setup-token-1"}',
    );
    expect(storedProof('setpass')).toEqual({ phone: '9812345678', token: 'setup-token-1' });
  });

  it('/setpass after a reload still sets the password with the token, then forgets it', async () => {
    vi.mocked(setOnboardingPassword).mockResolvedValue({ message: 'Password set successfully!' });
    keepProof('setpass', { phone: '9812345678', token: 'setup-token-1' });
    renderPage(<SetPasswordPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret1');
    await user.type(screen.getByLabelText('Confirm Password', { selector: 'input' }), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Password set successfully!')).toBeInTheDocument();
    expect(setOnboardingPassword).toHaveBeenCalledWith({
      phone: '9812345678',
      password: 'secret1',
      setup_token: 'setup-token-1',
    });
    await waitFor(() => expect(storedProof('setpass')).toBeUndefined());
  });
});
