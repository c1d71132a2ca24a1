import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TextInput } from '../../components/text-input';
import { msg } from '../../i18n/i18n';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import { toast } from '../../lib/toast';
import { sendOnboardingOtp } from './auth-api';
import { AuthCard } from './auth-card';
import { errorBody, isHttpError, serverMessage } from './auth-errors';
import { keepDraft } from './phone-signup-draft';
import { validateNames } from './signup-validation';

export function validatePhone(phone: string): string | undefined {
  if (!phone.trim()) return msg('Please enter your phone number.');
  if (phone.trim().length < 10) return msg('Phone number should not be less than 10 digits.');
  return undefined;
}

function sendError(error: unknown): string {
  if (!isHttpError(error)) return msg('An unexpected error occurred.');
  const nested = errorBody(error)?.error as { message?: unknown } | undefined;
  if (typeof nested?.message === 'string' && nested.message) return nested.message;
  return serverMessage(error) || msg('Something went wrong!');
}

/** /phonesignup: sends the onboarding OTP and moves on to /otpcheck. */
export function PhoneSignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [error, setError] = useState<string>();
  const [nameErrors, setNameErrors] = useState<{ first_name?: string; last_name?: string }>({});
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validatePhone(phone);
    const names = validateNames(first, last);
    setError(found);
    setNameErrors(names);
    if (found || names.first_name || names.last_name) return;
    setSubmitting(true);
    try {
      const data = await sendOnboardingOtp(phone.trim());
      toast.success(translateText(data?.message) || t('OTP sent successfully to your phone'));
      keepDraft({ phone: phone.trim(), first_name: first.trim(), last_name: last.trim() });
      navigate('/otpcheck', { state: { phone: phone.trim() } });
    } catch (err) {
      toast.error(sendError(err));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('Sign up with your phone')}>
      <form onSubmit={submit} noValidate>
        <TextInput
          label={t('First name')}
          autoComplete="given-name"
          value={first}
          onChange={(v) => {
            setFirst(v);
            setNameErrors((e) => ({ ...e, first_name: undefined }));
          }}
          error={nameErrors.first_name && t(nameErrors.first_name)}
        />
        <TextInput
          label={t('Last name')}
          autoComplete="family-name"
          value={last}
          onChange={(v) => {
            setLast(v);
            setNameErrors((e) => ({ ...e, last_name: undefined }));
          }}
          error={nameErrors.last_name && t(nameErrors.last_name)}
        />
        <TextInput
          label={t('Phone number')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={phone}
          onChange={(v) => {
            setPhone(v);
            setError(undefined);
          }}
          error={error}
        />
        <button type="submit" className="btn btn-success w-100" disabled={submitting}>
          {submitting ? t('Sending...') : t('Submit')}
        </button>
      </form>
      <p className="text-center small mt-3 mb-1">
        {t('Already have an account?')} <Link to="/login">{t('Login')}</Link>
      </p>
      <p className="text-center small mb-0">
        <Link to="/signup">{t('Sign up with email instead')}</Link>
      </p>
    </AuthCard>
  );
}
