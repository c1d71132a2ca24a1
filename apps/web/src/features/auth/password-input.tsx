import { useId, useState } from 'react';
import { FieldError } from '../../components/field-error';
import { useTranslation } from '../../i18n/use-translation';

interface PasswordInputProps {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  autoComplete?: string;
}

/** A password field with a Show/Hide toggle. */
export function PasswordInput({ label, value, onChange, error, autoComplete }: PasswordInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <div className="input-group has-validation">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          className={`form-control ${error ? 'is-invalid' : ''}`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete={autoComplete}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() => setShown((s) => !s)}
          aria-label={
            shown
              ? t('Hide {{field}}', { field: label.toLowerCase() })
              : t('Show {{field}}', { field: label.toLowerCase() })
          }
          aria-pressed={shown}
        >
          {shown ? t('Hide') : t('Show')}
        </button>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
