import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../i18n/i18n';
import { apiClient, publicClient } from '../../lib/api-client';
import { updateLanguage } from '../profile/profile-api';
import { sendOnboardingOtp, setOnboardingPassword, signup } from './auth-api';

// The server sends codes and order messages in the account's language (decision 045): sign-ups
// carry the language the shop is shown in, and the switch puts a logged-in customer's choice on
// the account.
describe('the language goes to the server', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await applyLanguage('en');
  });

  it('with every sign-up, in the language the shop is shown in', async () => {
    const post = vi.spyOn(publicClient, 'post').mockResolvedValue({ data: {} });
    await applyLanguage('ne');
    const form = {
      email: 'sita@example.com',
      password: 'secret1',
      confirm_password: 'secret1',
      first_name: 'Sita',
      last_name: 'Sharma',
      phone: '9812345678',
    };
    await signup(form);
    await sendOnboardingOtp('9812345678');
    await setOnboardingPassword({ phone: '9812345678', password: 'secret12', setup_token: 'proof' });
    expect(post).toHaveBeenCalledWith('/signup/', { ...form, language: 'ne' });
    expect(post).toHaveBeenCalledWith('/onboarding/send-otp/', { phone: '9812345678', language: 'ne' });
    expect(post).toHaveBeenCalledWith('/onboarding/set-password/', {
      phone: '9812345678',
      password: 'secret12',
      setup_token: 'proof',
      language: 'ne',
    });

    await applyLanguage('en');
    await sendOnboardingOtp('9812345678');
    expect(post).toHaveBeenLastCalledWith('/onboarding/send-otp/', { phone: '9812345678', language: 'en' });
  });

  it('to the account with PUT /profile/language/', async () => {
    const put = vi.spyOn(apiClient, 'put').mockResolvedValue({ data: {} });
    await updateLanguage('ne');
    expect(put).toHaveBeenCalledWith('/profile/language/', { language: 'ne' });
  });
});
