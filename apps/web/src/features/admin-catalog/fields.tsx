import { type ReactNode, useId } from 'react';
import Form from 'react-bootstrap/Form';
import { FieldError } from '../../components/field-error';

interface BaseProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

interface InputFieldProps extends BaseProps {
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'number' | 'datetime-local' | 'search';
  inputMode?: 'decimal' | 'numeric' | 'text';
  required?: boolean;
  lang?: string;
  rows?: number;
  autoComplete?: string;
}

/** A labelled input (or textarea with `rows`), its hint and its error tied to it for screen readers. */
export function InputField({
  label,
  error,
  hint,
  className,
  value,
  onChange,
  rows,
  ...rest
}: InputFieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <Form.Group className={className ?? 'mb-3'} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...(rows ? { as: 'textarea' as const, rows } : {})}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        isInvalid={Boolean(error)}
        aria-describedby={described || undefined}
        {...rest}
      />
      {hint ? (
        <Form.Text id={`${id}-hint`} muted>
          {hint}
        </Form.Text>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </Form.Group>
  );
}

interface SelectFieldProps extends BaseProps {
  value: string;
  onChange(value: string): void;
  children: ReactNode;
}

export function SelectField({ label, error, hint, className, value, onChange, children }: SelectFieldProps) {
  const id = useId();
  return (
    <Form.Group className={className ?? 'mb-3'} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        isInvalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
      >
        {children}
      </Form.Select>
      {hint ? (
        <Form.Text id={`${id}-hint`} muted>
          {hint}
        </Form.Text>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </Form.Group>
  );
}

interface CheckFieldProps {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  className?: string;
}

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
