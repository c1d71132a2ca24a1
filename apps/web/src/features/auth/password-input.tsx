import { useId, useState } from 'react';
import { FieldError } from '../../components/field-error';

interface PasswordInputProps {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  autoComplete?: string;
}

/** A password field with a Show/Hide toggle. */
export function PasswordInput({ label, value, onChange, error, autoComplete }: PasswordInputProps) {
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
          aria-label={`${shown ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          aria-pressed={shown}
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
