import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';

export const OTP_LENGTH = 6;

export const emptyOtp = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');

interface OtpInputProps {
  digits: string[];
  onChange(digits: string[]): void;
  disabled?: boolean;
}

/** Six single-digit boxes: digits only, auto-advance, backspace goes back, a pasted code fills them. */
export function OtpInput({ digits, onChange, disabled }: OtpInputProps) {
  const { t } = useTranslation();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))]?.focus();

  // Spreads digits from `start`; used for typing several characters and for paste.
  const fill = (start: number, text: string) => {
    const incoming = text.replace(/\D/g, '').slice(0, OTP_LENGTH);
    if (!incoming) return;
    const from = incoming.length === OTP_LENGTH ? 0 : start;
    const next = [...digits];
    for (let i = 0; i < incoming.length && from + i < OTP_LENGTH; i++) next[from + i] = incoming[i];
    onChange(next);
    focus(from + incoming.length);
  };

  const change = (index: number, value: string) => {
    const onlyDigits = value.replace(/\D/g, '');
    if (!value) {
      const next = [...digits];
      next[index] = '';
      onChange(next);
      return;
    }
    if (!onlyDigits) return;
    // Typing into a filled box (caret not over the old digit) gives two characters: keep the new one.
    const typedOver = onlyDigits.length === 2 && Boolean(digits[index]);
    if (onlyDigits.length > 1 && !typedOver) {
      fill(index, onlyDigits);
      return;
    }
    const digit = typedOver
      ? onlyDigits.startsWith(digits[index])
        ? onlyDigits[1]
        : onlyDigits[0]
      : onlyDigits;
    const next = [...digits];
    next[index] = digit;
    onChange(next);
    if (index < OTP_LENGTH - 1) focus(index + 1);
  };

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      onChange(next);
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') focus(index - 1);
    else if (event.key === 'ArrowRight') focus(index + 1);
  };

  const paste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(index, event.clipboardData.getData('text'));
  };

  return (
    <fieldset className="otp-boxes d-flex justify-content-center gap-2 border-0 p-0 m-0">
      <legend className="visually-hidden">{t('One-time passcode')}</legend>
      {digits.map((digit, index) => (
        <input
          // The boxes never reorder, so the position is a stable key.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed six positions
          key={index}
          ref={(el) => {
            boxes.current[index] = el;
          }}
          className="form-control text-center fs-4 otp-box"
          style={{ width: '3rem' }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={t('Digit {{index, n}} of {{count, n}}', { index: index + 1, count: OTP_LENGTH })}
          value={digit}
          disabled={disabled}
          onChange={(e) => change(index, e.target.value)}
          onKeyDown={(e) => keyDown(index, e)}
          onPaste={(e) => paste(index, e)}
          onFocus={(e) => e.target.select()}
        />
      ))}
    </fieldset>
  );
}
