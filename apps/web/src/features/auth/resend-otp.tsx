import { useTranslation } from '../../i18n/use-translation';

interface ResendOtpProps {
  seconds: number;
  sending: boolean;
  onResend(): void;
}

/** 'Resend OTP in {n}s' while the countdown runs; a Resend OTP link once it reaches 0. */
export function ResendOtp({ seconds, sending, onResend }: ResendOtpProps) {
  const { t } = useTranslation();
  if (seconds > 0) {
    return (
      <span className="text-body-secondary" aria-live="polite">
        {t('Resend OTP in {{seconds, n}}s', { seconds })}
      </span>
    );
  }
  return (
    <button type="button" className="btn btn-link p-0 align-baseline" onClick={onResend} disabled={sending}>
      {t('Resend OTP')}
    </button>
  );
}
