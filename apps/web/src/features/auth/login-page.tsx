import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useAppDispatch } from '../../app/hooks';
import { TextInput } from '../../components/text-input';
import { msg } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import { login } from './auth-api';
import { AuthCard } from './auth-card';
import { loggedIn } from './auth-slice';
import { PasswordInput } from './password-input';

interface LoginErrors {
  phone_or_email?: string;
  password?: string;
}

export function validateLogin(phoneOrEmail: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  if (!phoneOrEmail.trim()) errors.phone_or_email = msg('Username is required');
  if (!password) errors.password = msg('Password is required');
  else if (password.length < 6) errors.password = msg('Password must be at least 6 characters');
  return errors;
}

/** Where a page that sent the visitor here asked to be taken back to: a path of this shop only. */
export function pathBack(state: unknown): string {
  const back = (state as { back?: unknown } | null)?.back;
  return typeof back === 'string' && /^\/(?![/\\])/.test(back) ? back : '/';
}

/** /login: phone or e-mail and password; tokens go to the persisted auth state. */
export function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [phoneOrEmail, setPhoneOrEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(phoneOrEmail, password);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSubmitting(true);
    try {
      const res = await login({ phone_or_email: phoneOrEmail.trim(), password });
      const { access_token, refresh_token, user_id } = res.data ?? {};
      if (res.status !== 200 || !access_token || !refresh_token || !user_id) throw new Error('No tokens');
      dispatch(loggedIn({ access: access_token, refresh: refresh_token, user_id }));
      toast.success(t('Login Successful'));
      navigate(pathBack(location.state));
    } catch {
      // Any failure reads the same, so the form never tells which half was wrong.
      toast.error(t('Invalid Credentials'));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('Login')}>
      <form onSubmit={submit} noValidate>
        <TextInput
          label={t('Phone number or email')}
          name="phone_or_email"
          autoComplete="username"
          value={phoneOrEmail}
          onChange={(v) => {
            setPhoneOrEmail(v);
            setErrors((e) => ({ ...e, phone_or_email: undefined }));
          }}
          error={errors.phone_or_email}
        />
        <PasswordInput
          label={t('Password')}
          autoComplete="current-password"
          value={password}
          onChange={(v) => {
            setPassword(v);
            setErrors((e) => ({ ...e, password: undefined }));
          }}
          error={errors.password}
        />
        <div className="d-flex justify-content-between align-items-center mb-3">
          <div className="form-check">
            <input
              id="remember-me"
              type="checkbox"
              className="form-check-input"
              checked={remember}
              onChange={(e) => setRemember(e.target.checked)}
            />
            <label htmlFor="remember-me" className="form-check-label">
              {t('Remember me')}
            </label>
          </div>
          <Link to="/forgetpassword" className="small">
            {t('Forgot password?')}
          </Link>
        </div>
        <button type="submit" className="btn btn-success w-100" disabled={submitting}>
          {submitting ? t('Loading...') : t('Login')}
        </button>
      </form>
      <p className="text-center small mt-3 mb-0">
        {t('New to Pasal?')} <Link to="/phonesignup">{t('Sign up')}</Link>
      </p>
    </AuthCard>
  );
}
