import { toast } from 'react-toastify';
import { sendSignupOtp, verifySignupOtp } from './auth-api';
import { serverMessage } from './auth-errors';
import { maskPhone } from './mask';
import { OtpForm } from './otp-form';
import { sendWithToasts } from './otp-send-errors';
import { useDelayedNavigate } from './use-delayed-navigate';
import { useRequiredState } from './use-required-state';

/** /otpverify: activates an e-mail sign-up with a phone OTP, sent on arrival. */
export function OtpVerifyPage() {
  const phone = useRequiredState('phone', 'Phone number not found. Please sign up first.', '/signup');
  const navigateLater = useDelayedNavigate();
  if (!phone) return null;

  const verify = async (otp: string) => {
    try {
      const data = await verifySignupOtp({ phone, otp });
      toast.success(data?.message || 'OTP verified successfully');
      navigateLater('/login', 1500);
      return true;
    } catch (error) {
      toast.error(serverMessage(error) || 'Invalid OTP');
      return false;
    }
  };

  return (
    <OtpForm
      title="Verify your phone"
      description={`Enter the 6-digit code we sent to your phone number ${maskPhone(phone)}.`}
      verify={verify}
      send={() => sendWithToasts(() => sendSignupOtp(phone))}
      sendOnArrival
      backLink={{ to: '/signup', label: 'Back to Signup' }}
    />
  );
}
