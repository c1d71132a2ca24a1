import { type InputHTMLAttributes, useId } from 'react';
import { FieldError } from './field-error';

interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
}

/** A labelled Bootstrap input with its validation message. */
export function TextInput({ label, value, onChange, error, className, ...rest }: TextInputProps) {
  const id = useId();
  return (
    <div className={className ?? 'mb-3'}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        className={`form-control ${error ? 'is-invalid' : ''}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
