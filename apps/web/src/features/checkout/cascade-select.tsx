import type { ReactNode } from 'react';
import { localName } from '../../i18n/local-name';

interface CascadeSelectProps<T extends { id: number; name: string; name_ne?: string }> {
  id: string;
  label: string;
  /** The empty choice's text, e.g. "Select district". */
  placeholder: string;
  value: number | null;
  options: T[];
  optionText?(option: T): string;
  onChange(value: number | null): void;
  required?: boolean;
  disabled?: boolean;
  describedBy?: string;
  /** Shown under the select (a note about its choices). */
  children?: ReactNode;
}

/** One level of the address cascade: a labelled select of places by id, or none. */
export function CascadeSelect<T extends { id: number; name: string; name_ne?: string }>({
  id,
  label,
  placeholder,
  value,
  options,
  // A place in the shopper's language (the location data has every place's Nepali name).
  optionText = (option) => localName(option.name, option.name_ne).text,
  onChange,
  required,
  disabled,
  describedBy,
  children,
}: CascadeSelectProps<T>) {
  return (
    <div className="col-12 col-md-6">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        className="form-select"
        required={required}
        disabled={disabled}
        aria-describedby={describedBy}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {optionText(option)}
          </option>
        ))}
      </select>
      {children}
    </div>
  );
}
