import { toast } from 'react-toastify';
import { msg } from '../../i18n/i18n';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import { sendOnboardingOtp, verifyOnboardingOtp } from './auth-api';
import { errorBody, serverMessage } from './auth-errors';
import { keepProof } from './flow-proof';
import { maskPhone } from './mask';
import { OtpForm } from './otp-form';
import { sendWithToasts } from './otp-send-errors';
import { useDelayedNavigate } from './use-delayed-navigate';
import { useRequiredState } from './use-required-state';

/** error.message first, then message (the /otpcheck order of accounts-orders.md §8). */
function otpCheckError(error: unknown): string | undefined {
  const nested = errorBody(error)?.error as { message?: unknown } | undefined;
  if (typeof nested?.message === 'string' && nested.message) return nested.message;
  return serverMessage(error);
}

/** /otpcheck: phone sign-up; the code was sent by /phonesignup. */
export function OtpCheckPage() {
  const { t } = useTranslation();
  const phone = useRequiredState(
    'phone',
    msg('Phone number not found. Please sign up first.'),
    '/phonesignup',
  );
  const navigateLater = useDelayedNavigate();
  if (!phone) return null;

  const verify = async (otp: string) => {
    try {
      const data = await verifyOnboardingOtp({ phone, otp });
      // Only this client may set the password: the token it got goes along (and survives a reload).
      const proof = { phone, token: data?.setup_token ?? '' };
      keepProof('setpass', proof);
      toast.success(translateText(data?.message) || t('OTP verified successfully'));
      navigateLater('/setpass', 1500, { state: proof });
      return true;
    } catch (error) {
      toast.error(translateText(otpCheckError(error)) || t('Invalid OTP'));
      return false;
    }
  };

  return (
    <OtpForm
      title={t('Verify OTP')}
      description={t('Enter the 6-digit code we sent to your phone number {{phone}}.', {
        phone: maskPhone(phone),
      })}
      verify={verify}
      send={() => sendWithToasts(() => sendOnboardingOtp(phone))}
      backLink={{ to: '/phonesignup', label: t('Back to Signup') }}
    />
  );
}
