import { act, fireEvent, screen } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/i18n';
import { renderPage } from '../../test/test-harness';
import { forgetPassword, sendOnboardingOtp, signup } from './auth-api';
import { ForgetPasswordPage } from './forget-password-page';
import { PhoneSignupPage } from './phone-signup-page';
import { SignupPage } from './signup-page';

// The toasts of sign-up, phone sign-up and forgot password, for a shopper who reads the shop in
// Nepali: the page's own texts and the API's English answers are both shown in Nepali.
vi.mock('./auth-api', () => ({ signup: vi.fn(), sendOnboardingOtp: vi.fn(), forgetPassword: vi.fn() }));

/** A 400 answer as the API sends it. */
const refused = (data: unknown) =>
  new AxiosError('Request failed', 'ERR_BAD_REQUEST', undefined, undefined, {
    status: 400,
    data,
  } as AxiosResponse);

beforeEach(() => applyLanguage('ne'));
afterEach(async () => {
  await applyLanguage('en');
  vi.clearAllMocks();
});

function askForReset(email: string) {
  renderPage(<ForgetPasswordPage />);
  fireEvent.change(screen.getByLabelText('इमेल'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'पठाउनुहोस्' }));
}

function signUp() {
  renderPage(<SignupPage />);
  const fill = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fill('पहिलो नाम', 'Sita');
  fill('थर', 'Sharma');
  fill('इमेल', 'sita@example.com');
  fill('फोन नम्बर', '9812345678');
  fill('पासवर्ड', 'Secret#123');
  fill('पासवर्ड फेरि लेख्नुहोस्', 'Secret#123');
  fireEvent.click(screen.getByRole('button', { name: 'खाता खोल्नुहोस्' }));
}

describe('auth toasts in Nepali', () => {
  it('forgot password: a network failure', async () => {
    vi.mocked(forgetPassword).mockRejectedValue(new Error('Network Error'));
    askForReset('sita@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'इन्टरनेट जडानमा समस्या भयो। कृपया केहीबेरपछि प्रयास गर्नुहोस्।',
    );
  });

  it("forgot password: the server's answer for an unknown e-mail", async () => {
    vi.mocked(forgetPassword).mockRejectedValue(refused({ message: 'No account found with this email.' }));
    askForReset('nobody@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('यो इमेलको कुनै खाता भेटिएन।');
  });

  it("forgot password: the server's 'Account found…' confirmation", async () => {
    vi.mocked(forgetPassword).mockResolvedValue({
      message: 'Account found. We will send an OTP to your email.',
    });
    askForReset('sita@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('खाता भेटियो। हामी तपाईंको इमेलमा OTP पठाउँछौँ।');
  });

  it('sign-up: a network failure', async () => {
    vi.mocked(signup).mockRejectedValue(new Error('Network Error'));
    signUp();
    expect(await screen.findByRole('alert')).toHaveTextContent('अनपेक्षित त्रुटि भयो');
  });

  it('sign-up: a phone number already registered', async () => {
    vi.mocked(signup).mockRejectedValue(
      refused({ error: { phone: ['A user with this phone number already exists.'] } }),
    );
    signUp();
    expect(await screen.findByRole('alert')).toHaveTextContent('यो फोन नम्बरको खाता पहिले नै छ।');
  });

  it('phone sign-up: a network failure, and a phone number already registered', async () => {
    vi.mocked(sendOnboardingOtp).mockRejectedValueOnce(new Error('Network Error'));
    renderPage(<PhoneSignupPage />);
    fireEvent.change(screen.getByLabelText('पहिलो नाम'), { target: { value: 'Sita' } });
    fireEvent.change(screen.getByLabelText('थर'), { target: { value: 'Sharma' } });
    fireEvent.change(screen.getByLabelText('फोन नम्बर'), { target: { value: '9812345678' } });
    const send = screen.getByRole('button', { name: 'पठाउनुहोस्' });
    fireEvent.click(send);
    expect(await screen.findByText('अनपेक्षित त्रुटि भयो।')).toBeInTheDocument();
    vi.mocked(sendOnboardingOtp).mockRejectedValueOnce(
      refused({ error: { message: 'An account with this phone number already exists. Please log in.' } }),
    );
    await act(async () => {
      fireEvent.click(send);
    });
    expect(await screen.findByText('यो फोन नम्बरको खाता पहिले नै छ। कृपया लगइन गर्नुहोस्।')).toBeInTheDocument();
  });
});
