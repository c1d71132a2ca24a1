import { toast } from 'react-toastify';
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
  const proof = useRequiredProof('signup', 'Phone number not found. Please sign up first.', '/signup');
  const navigateLater = useDelayedNavigate();
  if (!proof) return null;
  const { phone, token } = proof;

  const verify = async (otp: string) => {
    try {
      const data = await verifySignupOtp({ phone, otp, signup_token: token });
      dropProof('signup');
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
      send={() => sendWithToasts(() => sendSignupOtp({ phone, signup_token: token }))}
      sendOnArrival
      backLink={{ to: '/signup', label: 'Back to Signup' }}
    />
  );
}
