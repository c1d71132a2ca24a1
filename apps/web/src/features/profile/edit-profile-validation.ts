import type { ProfileUpdateRequest } from '@pasal/contract/profile';

export interface ProfileForm {
  first_name: string;
  middle_name: string;
  last_name: string;
  gender: '' | 'Male' | 'Female' | 'Other';
  date_of_birth: string;
}

export type ProfileErrors = Partial<Record<'first_name' | 'middle_name' | 'last_name', string>>;

const MAX_NAME = 100;

function requiredName(value: string, label: string): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return `${label} is required`;
  if (trimmed.length > MAX_NAME) return `${label} must be at most 100 characters`;
  return undefined;
}

/** First and last name 1–100 characters, middle name up to 100, all counted after trimming. */
export function validateProfile(form: ProfileForm): ProfileErrors {
  const errors: ProfileErrors = {};
  const first = requiredName(form.first_name, 'First name');
  const last = requiredName(form.last_name, 'Last name');
  if (first) errors.first_name = first;
  if (last) errors.last_name = last;
  if (form.middle_name.trim().length > MAX_NAME)
    errors.middle_name = 'Middle name must be at most 100 characters';
  return errors;
}

/** The update payload: names trimmed, the middle name only when it is not blank. */
export function toUpdateRequest(form: ProfileForm): ProfileUpdateRequest {
  const middle = form.middle_name.trim();
  return {
    user: {
      first_name: form.first_name.trim(),
      last_name: form.last_name.trim(),
      ...(middle ? { middle_name: middle } : {}),
    },
    gender: form.gender || null,
    date_of_birth: form.date_of_birth || null,
  };
}
