import type { SignupRequest } from '@pasal/contract/auth';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TextInput } from '../../components/text-input';
import { msg } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import { toast } from '../../lib/toast';
import { signup } from './auth-api';
import { AuthCard } from './auth-card';
import { fieldError, isHttpError, serverMessage } from './auth-errors';
import { keepProof } from './flow-proof';
import { PasswordInput } from './password-input';
import { type SignupErrors, validateSignup } from './signup-validation';

const empty: SignupRequest = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  password: '',
  confirm_password: '',
};

function signupError(error: unknown): string {
  if (!isHttpError(error)) return msg('An unexpected error occurred');
  return (
    fieldError(error, 'phone') ||
    fieldError(error, 'non_field_errors') ||
    serverMessage(error) ||
    msg('Something went wrong!')
  );
}

/** /signup: the e-mail sign-up form; the phone is verified next on /otpverify. */
export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<SignupErrors>({});
  const [submitting, setSubmitting] = useState(false);

  // The form's text fields (the language is not typed in: it is the one the shop is shown in).
  const field = (key: Exclude<keyof SignupRequest, 'language'>) => ({
    value: form[key],
    error: errors[key],
    onChange: (value: string) => {
      setForm((f) => ({ ...f, [key]: value }));
      setErrors((e) => ({ ...e, [key]: undefined }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSignup(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSubmitting(true);
    const body = {
      ...form,
      first_name: form.first_name.trim(),
      last_name: form.last_name.trim(),
      email: form.email.trim(),
      phone: form.phone.trim(),
    };
    try {
      const created = await signup(body);
      const proof = { phone: body.phone, token: created.signup_token };
      keepProof('signup', proof);
      toast.success(t('Registration successful'));
      navigate('/otpverify', { state: proof });
    } catch (error) {
      toast.error(signupError(error));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('Create your account')}>
      <form onSubmit={submit} noValidate>
        <div className="row g-2">
          <TextInput
            className="col-sm-6 mb-3"
            label={t('First name')}
            autoComplete="given-name"
            {...field('first_name')}
          />
          <TextInput
            className="col-sm-6 mb-3"
            label={t('Last name')}
            autoComplete="family-name"
            {...field('last_name')}
          />
        </div>
        <TextInput label={t('Email')} type="email" autoComplete="email" {...field('email')} />
        <TextInput
          label={t('Phone number')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          {...field('phone')}
        />
        <PasswordInput label={t('Password')} autoComplete="new-password" {...field('password')} />
        <PasswordInput
          label={t('Confirm password')}
          autoComplete="new-password"
          {...field('confirm_password')}
        />
        <button type="submit" className="btn btn-success w-100" disabled={submitting}>
          {submitting ? t('Signing up...') : t('Sign Up')}
        </button>
      </form>
      <p className="text-center small mt-3 mb-1">
        {t('Already have an account?')} <Link to="/login">{t('Login')}</Link>
      </p>
      <p className="text-center small mb-0">
        <Link to="/phonesignup">{t('Sign up with phone instead')}</Link>
      </p>
    </AuthCard>
  );
}
