import { toast } from 'react-toastify';
import { msg } from '../../i18n/i18n';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import { sendEmailOtp, verifyEmailOtp } from './auth-api';
import { serverMessage } from './auth-errors';
import { maskEmail } from './mask';
import { OtpForm } from './otp-form';
import { sendWithToasts } from './otp-send-errors';
import { useDelayedNavigate } from './use-delayed-navigate';
import { useRequiredState } from './use-required-state';

/** /otpverifys: the password-reset code, sent to the e-mail on arrival; gives a reset token. */
export function OtpVerifyEmailPage() {
  const { t } = useTranslation();
  const email = useRequiredState('email', msg('Email not found. Please sign up first.'), '/signup');
  const navigateLater = useDelayedNavigate();
  if (!email) return null;

  const verify = async (otp: string) => {
    try {
      const data = await verifyEmailOtp({ phone_or_email: email, otp });
      if (!data?.reset_token) {
        toast.error(t('Reset token not received. Please try again.'));
        return false;
      }
      toast.success(translateText(data.message) || t('OTP verified successfully'));
      navigateLater('/changepassword', 1500, { state: { reset_token: data.reset_token, email } });
      return true;
    } catch (error) {
      toast.error(translateText(serverMessage(error)) || t('Invalid OTP'));
      return false;
    }
  };

  return (
    <OtpForm
      standalone
      title={t('Verify your email')}
      description={t('Enter the 6-digit code we sent to your email {{email}}', { email: maskEmail(email) })}
      verify={verify}
      send={() => sendWithToasts(() => sendEmailOtp(email))}
      sendOnArrival
      backLink={{ to: '/signup', label: t('Back to Signup') }}
    />
  );
}
