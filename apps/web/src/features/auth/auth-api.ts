import type {
  ChangeForgetPasswordRequest,
  ChangeForgetPasswordResponse,
  EmailOtpVerifyRequest,
  LoginRequest,
  LoginResponse,
  MessageBody,
  OnboardingVerifyResponse,
  PhoneOtpVerifyRequest,
  ResetTokenResponse,
  SetPasswordRequest,
  SetPasswordResponse,
  SignupOtpSendRequest,
  SignupOtpVerifyRequest,
  SignupRequest,
  SignupResponse,
} from '@pasal/contract/auth';
import { currentLanguage } from '../../i18n/i18n';
import { publicClient } from '../../lib/api-client';

// Account calls never carry a session: a 401 here means bad credentials, not an expired token.
const post = async <T>(path: string, body: unknown) => (await publicClient.post<T>(path, body)).data;

export const login = (body: LoginRequest) => publicClient.post<Partial<LoginResponse>>('/login/', body);
// Sign-ups carry the language the shop is shown in: the code comes in it, and the account keeps it.
export const signup = (body: SignupRequest) =>
  post<SignupResponse>('/signup/', { ...body, language: currentLanguage() });

// The sign-up's OTP is sent and verified only with the token the sign-up returned (decision 034).
export const sendSignupOtp = (body: SignupOtpSendRequest) => post<MessageBody>('/otp/public/send/', body);
export const verifySignupOtp = (body: SignupOtpVerifyRequest) =>
  post<MessageBody>('/otp/public/verify/', body);

export const sendOnboardingOtp = (phone: string) =>
  post<MessageBody>('/onboarding/send-otp/', { phone, language: currentLanguage() });
export const verifyOnboardingOtp = (body: PhoneOtpVerifyRequest) =>
  post<Partial<OnboardingVerifyResponse>>('/onboarding/verify-otp/', body);
export const setOnboardingPassword = (body: SetPasswordRequest) =>
  post<Partial<SetPasswordResponse>>('/onboarding/set-password/', { ...body, language: currentLanguage() });

export const forgetPassword = (email: string) =>
  post<MessageBody>('/forget/password', { phone_or_email: email });
export const sendEmailOtp = (email: string) => post<MessageBody>('/otp/public/send/email/', { email });
export const verifyEmailOtp = (body: EmailOtpVerifyRequest) =>
  post<Partial<ResetTokenResponse>>('/otp/public/verify/email/', body);
export const changeForgetPassword = (body: ChangeForgetPasswordRequest) =>
  post<Partial<ChangeForgetPasswordResponse>>('/change/forget/password', body);
