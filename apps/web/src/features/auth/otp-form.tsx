import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { msg } from '../../i18n/i18n';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import { AuthCard } from './auth-card';
import { emptyOtp, OTP_LENGTH, OtpInput } from './otp-input';
import { ResendOtp } from './resend-otp';
import { useCountdown } from './use-countdown';

interface OtpFormProps {
  title: string;
  description: ReactNode;
  /** Resolves true when the code was accepted (the page then redirects; the form stays disabled). */
  verify(otp: string): Promise<boolean>;
  /** Resolves true when a code was sent, which restarts the countdown at 60. */
  send?(): Promise<boolean>;
  /** Send a code as soon as the page opens (the code was not sent by the previous screen). */
  sendOnArrival?: boolean;
  backLink?: { to: string; label: string };
  standalone?: boolean;
}

/** The shared OTP screen: six boxes, Verify OTP, the resend countdown and a back link. */
export function OtpForm({
  title,
  description,
  verify,
  send,
  sendOnArrival,
  backLink,
  standalone,
}: OtpFormProps) {
  const { t } = useTranslation();
  const [digits, setDigits] = useState(emptyOtp);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const { seconds, restart } = useCountdown();
  const arrived = useRef(false);

  const resend = async () => {
    if (!send || sending) return;
    setSending(true);
    try {
      if (await send()) restart();
    } finally {
      setSending(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit (the ref also survives StrictMode)
  useEffect(() => {
    if (!sendOnArrival || arrived.current) return;
    arrived.current = true;
    void resend();
  }, []);

  const otp = digits.join('');
  const complete = /^\d{6}$/.test(otp);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete) {
      setError(msg('Please enter a valid 6-digit OTP'));
      return;
    }
    setError('');
    setBusy(true);
    const accepted = await verify(otp).catch(() => false);
    if (!accepted) setBusy(false);
  };

  return (
    <AuthCard title={title} standalone={standalone}>
      <p className="text-center text-body-secondary">{description}</p>
      <form onSubmit={submit} noValidate>
        <OtpInput
          digits={digits}
          onChange={(next) => {
            setDigits(next);
            setError('');
          }}
          disabled={busy}
        />
        {error && (
          <div className="text-danger small text-center mt-2" role="alert">
            {translateText(error)}
          </div>
        )}
        <button type="submit" className="btn btn-success w-100 mt-3" disabled={!complete || busy}>
          {t('Verify OTP')}
        </button>
      </form>
      <div className="d-flex justify-content-between align-items-center mt-3 small">
        {send ? <ResendOtp seconds={seconds} sending={sending} onResend={resend} /> : <span />}
        {backLink && <Link to={backLink.to}>{backLink.label}</Link>}
      </div>
      <span className="visually-hidden" aria-live="polite">
        {complete ? t('{{count, n}} digits entered', { count: OTP_LENGTH }) : ''}
      </span>
    </AuthCard>
  );
}
