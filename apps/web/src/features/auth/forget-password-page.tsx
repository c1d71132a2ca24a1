import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { TextInput } from '../../components/text-input';
import { msg } from '../../i18n/i18n';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import { toast } from '../../lib/toast';
import { forgetPassword } from './auth-api';
import { AuthCard } from './auth-card';
import { fieldError, isHttpError, serverMessage } from './auth-errors';
import { useDelayedNavigate } from './use-delayed-navigate';

function resetRequestError(error: unknown): string {
  if (!isHttpError(error)) return msg('Network error. Please try again later.');
  return (
    fieldError(error, 'phone_or_email') || serverMessage(error) || msg('Something went wrong. Try again.')
  );
}

/** /forgetpassword: checks the account, then /otpverifys after 2.5 s. */
export function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigateLater = useDelayedNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) {
      setError(msg('Please enter your email.'));
      return;
    }
    setBusy(true);
    try {
      const data = await forgetPassword(value);
      toast.success(translateText(data?.message) || t('Password reset link sent!'));
      navigateLater('/otpverifys', 2500, { state: { email: value } });
    } catch (err) {
      toast.error(resetRequestError(err));
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('Forgot password')}>
      <p className="text-body-secondary small">
        {t('Enter the e-mail of your account and we will send you a code.')}
      </p>
      <form onSubmit={submit} noValidate>
        <TextInput
          label={t('Email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(v) => {
            setEmail(v);
            setError(undefined);
          }}
          error={error}
        />
        <button type="submit" className="btn btn-success w-100" disabled={busy}>
          {t('Submit')}
        </button>
      </form>
      <p className="text-center small mt-3 mb-0">
        <Link to="/login">{t('Back to Login')}</Link>
      </p>
    </AuthCard>
  );
}
