import { type ReactNode, useId } from 'react';
import Form from 'react-bootstrap/Form';
import { FormField } from './form-field';

// The console's FormField with its control filled in, for forms that hold one message per field.

interface BaseProps {
  label: string;
  error?: string;
  hint?: string;
  className?: string;
}

interface InputFieldProps extends BaseProps {
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'datetime-local' | 'search';
  inputMode?: 'decimal' | 'numeric' | 'text';
  required?: boolean;
  lang?: string;
  /** A textarea of this many rows. */
  rows?: number;
  autoComplete?: string;
}

const messages = (error?: string) => (error ? [error] : undefined);

/** A labelled input (or textarea with `rows`) with its hint and its message. */
export function InputField({
  label,
  error,
  hint,
  className,
  value,
  onChange,
  rows,
  type,
  ...rest
}: InputFieldProps) {
  return (
    <FormField label={label} errors={messages(error)} hint={hint} className={className}>
      {(control) =>
        rows ? (
          <textarea
            {...control}
            {...rest}
            rows={rows}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <input
            {...control}
            {...rest}
            type={type ?? 'text'}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        )
      }
    </FormField>
  );
}

interface SelectFieldProps extends BaseProps {
  value: string;
  onChange(value: string): void;
  children: ReactNode;
}

export function SelectField({ label, error, hint, className, value, onChange, children }: SelectFieldProps) {
  return (
    <FormField
      label={label}
      errors={messages(error)}
      hint={hint}
      className={className}
      controlClass="form-select"
    >
      {(control) => (
        <select {...control} value={value} onChange={(e) => onChange(e.target.value)}>
          {children}
        </select>
      )}
    </FormField>
  );
}

interface CheckFieldProps {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  className?: string;
}

/** An on/off setting, announced as a switch. */
export function CheckField({ label, checked, onChange, className }: CheckFieldProps) {
  const id = useId();
  return (
    <Form.Check
      id={id}
      className={className}
      type="switch"
      role="switch"
      label={label}
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}
