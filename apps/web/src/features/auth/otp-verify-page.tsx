import { toast } from 'react-toastify';
import { msg } from '../../i18n/i18n';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import { sendSignupOtp, verifySignupOtp } from './auth-api';
import { serverMessage } from './auth-errors';
import { dropProof } from './flow-proof';
import { maskPhone } from './mask';
import { OtpForm } from './otp-form';
import { sendWithToasts } from './otp-send-errors';
import { useDelayedNavigate } from './use-delayed-navigate';
import { useRequiredProof } from './use-required-proof';

/**
 * /otpverify: activates an e-mail sign-up with a phone OTP, sent on arrival. Both calls carry the
 * sign-up's token; once another sign-up replaced this one the server says so and the toast shows it.
 */
export function OtpVerifyPage() {
  const { t } = useTranslation();
  const proof = useRequiredProof('signup', msg('Phone number not found. Please sign up first.'), '/signup');
  const navigateLater = useDelayedNavigate();
  if (!proof) return null;
  const { phone, token } = proof;

  const verify = async (otp: string) => {
    try {
      const data = await verifySignupOtp({ phone, otp, signup_token: token });
      dropProof('signup');
      toast.success(translateText(data?.message) || t('OTP verified successfully'));
      navigateLater('/login', 1500);
      return true;
    } catch (error) {
      toast.error(translateText(serverMessage(error)) || t('Invalid OTP'));
      return false;
    }
  };

  return (
    <OtpForm
      title={t('Verify your phone')}
      description={t('Enter the 6-digit code we sent to your phone number {{phone}}.', {
        phone: maskPhone(phone),
      })}
      verify={verify}
      send={() => sendWithToasts(() => sendSignupOtp({ phone, signup_token: token }))}
      sendOnArrival
      backLink={{ to: '/signup', label: t('Back to Signup') }}
    />
  );
}
