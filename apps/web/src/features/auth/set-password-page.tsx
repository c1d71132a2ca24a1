import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { msg } from '../../i18n/i18n';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import { setOnboardingPassword } from './auth-api';
import { AuthCard } from './auth-card';
import { serverMessage } from './auth-errors';
import { dropProof } from './flow-proof';
import { PasswordInput } from './password-input';
import { useDelayedNavigate } from './use-delayed-navigate';
import { useRequiredProof } from './use-required-proof';

export function validateSetPassword(password: string, confirm: string): string | undefined {
  if (!password || !confirm) return msg('Please fill both fields.');
  if (password !== confirm) return msg('Passwords do not match.');
  if (password.length < 6) return msg('Password should not be less than 6 characters.');
  return undefined;
}

/** /setpass: the last step of phone sign-up, with the token /otpcheck got; then /login after 1.5 s. */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const proof = useRequiredProof(
    'setpass',
    msg('Phone number not found. Please verify OTP first.'),
    '/phonesignup',
  );
  const navigateLater = useDelayedNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (!proof) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSetPassword(password, confirm);
    setError(found);
    if (found) return;
    setBusy(true);
    try {
      const data = await setOnboardingPassword({ phone: proof.phone, password, setup_token: proof.token });
      dropProof('setpass');
      toast.success(translateText(data?.message) || t('Password set successfully!'));
      navigateLater('/login', 1500);
    } catch (err) {
      toast.error(translateText(serverMessage(err)) || t('Failed to set password.'));
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('Set your password')}>
      <form onSubmit={submit} noValidate>
        <PasswordInput
          label={t('Password')}
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
        />
        <PasswordInput
          label={t('Confirm Password')}
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
        />
        {error && (
          <div className="alert alert-danger py-2 small" role="alert">
            {error}
          </div>
        )}
        <button type="submit" className="btn btn-success w-100" disabled={busy}>
          {t('Submit')}
        </button>
      </form>
    </AuthCard>
  );
}
