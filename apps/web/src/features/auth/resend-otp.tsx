interface ResendOtpProps {
  seconds: number;
  sending: boolean;
  onResend(): void;
}

/** 'Resend OTP in {n}s' while the countdown runs; a Resend OTP link once it reaches 0. */
export function ResendOtp({ seconds, sending, onResend }: ResendOtpProps) {
  if (seconds > 0) {
    return (
      <span className="text-body-secondary" aria-live="polite">
        Resend OTP in {seconds}s
      </span>
    );
  }
  return (
    <button type="button" className="btn btn-link p-0 align-baseline" onClick={onResend} disabled={sending}>
      Resend OTP
    </button>
  );
}
