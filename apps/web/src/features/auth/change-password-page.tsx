import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { t as translate } from '../../i18n/i18n';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import { changeForgetPassword } from './auth-api';
import { AuthCard } from './auth-card';
import { isHttpError, serverMessage } from './auth-errors';
import { PasswordInput } from './password-input';
import { type ResetErrors, validateReset } from './reset-password-rules';
import { useDelayedNavigate } from './use-delayed-navigate';

interface ResetState {
  reset_token?: string;
  email?: string;
}

/** /changepassword: spends the reset token from /otpverifys on a new password. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate();
  const { reset_token: token = '', email = '' } = (location.state as ResetState | null) ?? {};
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<ResetErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (token) return;
    toast.error(translate('Missing reset token. Please verify OTP again.'), {
      toastId: 'missing-reset-token',
    });
    navigateLater('/otpverifys', 3000, { replace: true, state: email ? { email } : undefined });
  }, [token, email, navigateLater]);

  if (!token) {
    return (
      <AuthCard title={t('Reset Password')} standalone>
        <p className="text-center text-danger" role="alert">
          {t('Missing reset token. Redirecting to OTP verification...')}
        </p>
      </AuthCard>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateReset(password, confirm);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const data = await changeForgetPassword({
        reset_token: token,
        new_password: password,
        confirm_password: confirm,
      });
      if (!data?.success) {
        toast.error(translateText(data?.message) || t('Failed to reset password'));
        setBusy(false);
        return;
      }
      toast.success(translateText(data.message) || t('Password successfully changed!'));
      navigate('/login');
    } catch (error) {
      if (isHttpError(error))
        toast.error(translateText(serverMessage(error)) || t('Failed to reset password'));
      else toast.error(t('Something went wrong'));
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('Reset Password')} standalone>
      {email && (
        <p className="text-center text-body-secondary">
          Resetting the password for <strong>{email}</strong>
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <PasswordInput
          label={t('New Password')}
          autoComplete="new-password"
          value={password}
          onChange={(v) => {
            setPassword(v);
            setErrors((e) => ({ ...e, new_password: undefined }));
          }}
          error={errors.new_password}
        />
        <PasswordInput
          label={t('Confirm Password')}
          autoComplete="new-password"
          value={confirm}
          onChange={(v) => {
            setConfirm(v);
            setErrors((e) => ({ ...e, confirm_password: undefined }));
          }}
          error={errors.confirm_password}
        />
        <button type="submit" className="btn btn-success w-100" disabled={busy}>
          {t('Reset Password')}
        </button>
      </form>
      <p className="text-center small mt-3 mb-0">
        <Link to="/login">{t('Back to Login')}</Link>
      </p>
    </AuthCard>
  );
}
