import { CheckField, InputField, SelectField } from './fields';
import type { FieldErrors } from './form-values';

// A resource's plain fields described as data, so its form is its list of fields.

interface Common<V> {
  name: keyof V & string;
  label: string;
  className?: string;
  /** Shown only when this holds for the values typed so far. */
  when?(values: V): boolean;
}

export interface TextSpec<V> extends Common<V> {
  kind?: 'text';
  hint?: string;
  required?: boolean;
  inputMode?: 'decimal' | 'numeric' | 'text';
  type?: 'text' | 'datetime-local';
  lang?: string;
  rows?: number;
}

export interface CheckSpec<V> extends Common<V> {
  kind: 'check';
}

export interface SelectSpec<V> extends Common<V> {
  kind: 'select';
  hint?: string;
  options: readonly { value: string; label: string }[];
}

export type FieldSpec<V> = TextSpec<V> | CheckSpec<V> | SelectSpec<V>;

interface FormFieldsProps<V> {
  fields: readonly FieldSpec<V>[];
  /** The edit dialog's state (`useEditForm`). */
  form: { values: V; errors: FieldErrors; set<K extends keyof V>(name: K): (value: V[K]) => void };
}

/** The fields in order, each bound to its value, its setter and its message. */
export function FormFields<V>({ fields, form: { values, errors, set } }: FormFieldsProps<V>) {
  return (
    <>
      {fields
        .filter((field) => !field.when || field.when(values))
        .map((field) => {
          const change = set(field.name) as (value: unknown) => void;
          const value = values[field.name];
          if (field.kind === 'check')
            return (
              <CheckField
                key={field.name}
                label={field.label}
                className={field.className}
                checked={value as boolean}
                onChange={change}
              />
            );
          if (field.kind === 'select')
            return (
              <SelectField
                key={field.name}
                label={field.label}
                className={field.className}
                hint={field.hint}
                value={value as string}
                onChange={change}
                error={errors[field.name]}
              >
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </SelectField>
            );
          const { kind: _kind, when: _when, name, ...input } = field;
          return (
            <InputField
              key={name}
              {...input}
              value={value as string}
              onChange={change}
              error={errors[name]}
            />
          );
        })}
    </>
  );
}
