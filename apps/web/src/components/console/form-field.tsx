import { type ReactNode, useId } from 'react';
import type { z } from 'zod';
import type { FieldErrors } from './admin-problem';

/** The props a control inside a FormField spreads: its id, description and invalid state. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  className: string;
}

interface FormFieldProps {
  label: string;
  /** The field's messages (the first is shown), e.g. `errors.title` from `zodFieldErrors`. */
  errors?: string[];
  hint?: string;
  /** `form-select` or `form-check-input` instead of `form-control`. */
  controlClass?: string;
  className?: string;
  children(control: FieldControlProps): ReactNode;
}

/**
 * A labelled form control with its hint and the first contract message:
 * `<FormField label="Title" errors={errors.title}>{(p) => <input {...p} value=… />}</FormField>`.
 */
export function FormField({
  label,
  errors,
  hint,
  controlClass = 'form-control',
  className = 'mb-3',
  children,
}: FormFieldProps) {
  const id = useId();
  const message = errors?.[0];
  const described = [hint ? `${id}-hint` : null, message ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(message),
        'aria-describedby': described || undefined,
        className: `${controlClass}${message ? ' is-invalid' : ''}`,
      })}
      {hint && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
      {message && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {message}
        </div>
      )}
    </div>
  );
}

/**
 * Checks a value with a contract schema and returns its messages keyed by the field's path, the
 * same shape as the API's 400 `error` map; empty when the value is valid.
 */
export function zodFieldErrors(schema: z.ZodType, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!errors[key]) errors[key] = [];
    errors[key].push(issue.message);
  }
  return errors;
}
