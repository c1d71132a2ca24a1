import { type FormEvent, useId, useState } from 'react';
import { msg } from '../../i18n/i18n';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { sendEmailVerificationCode, verifyEmailCode } from './email-verification-api';

interface EmailVerificationProps {
  email: string;
  onVerified(): void;
}

type Step = { name: 'idle' } | { name: 'sending' } | { name: 'code'; busy: boolean };

/** Proves the profile's e-mail by a code sent to it: order e-mails go only to a verified address. */
export function EmailVerification({ email, onVerified }: EmailVerificationProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const codeId = useId();

  async function send() {
    setError('');
    setStep({ name: 'sending' });
    try {
      const answer = await sendEmailVerificationCode(email);
      toast.success(answer.data.message);
      setStep({ name: 'code', busy: false });
    } catch (failure) {
      setError(errorMessage(failure, msg('Failed to send OTP')));
      setStep({ name: 'idle' });
    }
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(msg('Please enter a valid 6-digit OTP'));
      return;
    }
    setError('');
    setStep({ name: 'code', busy: true });
    try {
      const answer = await verifyEmailCode({ email, otp: code });
      toast.success(answer.data.message);
      onVerified();
    } catch (failure) {
      setError(errorMessage(failure, msg('Invalid OTP')));
      setStep({ name: 'code', busy: false });
    }
  }

  return (
    <section className="alert alert-warning small text-start py-2" aria-label={t('Email verification')}>
      <p className="mb-2">
        {t('Your email is not verified. We send order emails only to a verified address.')}
      </p>
      {step.name !== 'code' ? (
        <button
          type="button"
          className="btn btn-success btn-sm"
          onClick={send}
          disabled={step.name === 'sending'}
        >
          {step.name === 'sending' ? t('Sending...') : t('Verify email')}
        </button>
      ) : (
        <form onSubmit={verify} noValidate className="d-flex flex-wrap gap-2 align-items-end">
          <div>
            <label htmlFor={codeId} className="form-label mb-1">
              Code sent to {email}
            </label>
            <input
              id={codeId}
              className="form-control form-control-sm"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value.trim())}
            />
          </div>
          <button type="submit" className="btn btn-success btn-sm" disabled={step.busy}>
            {t('Verify')}
          </button>
          <button
            type="button"
            className="btn btn-link btn-sm text-reset"
            onClick={send}
            disabled={step.busy}
          >
            {t('Send a new code')}
          </button>
        </form>
      )}
      {error && (
        <p className="text-danger-emphasis fw-semibold mt-2 mb-0" role="alert">
          {translateText(error)}
        </p>
      )}
    </section>
  );
}
