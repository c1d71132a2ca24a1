import { optionalPersonName, personName } from '@pasal/contract/auth';
import type { ProfileUpdateRequest } from '@pasal/contract/profile';

export interface ProfileForm {
  first_name: string;
  middle_name: string;
  last_name: string;
  gender: '' | 'Male' | 'Female' | 'Other';
  date_of_birth: string;
}

export type ProfileErrors = Partial<Record<'first_name' | 'middle_name' | 'last_name', string>>;

// The server's rule (the sign-up form's too): required, at most 100 characters, letters only.
const rules = {
  first_name: personName('First name'),
  middle_name: optionalPersonName('Middle name'),
  last_name: personName('Last name'),
} as const;

/** The names by the contract's rule, each counted after trimming; the first problem of each. */
export function validateProfile(form: ProfileForm): ProfileErrors {
  const errors: ProfileErrors = {};
  for (const field of ['first_name', 'middle_name', 'last_name'] as const) {
    const checked = rules[field].safeParse(form[field]);
    if (!checked.success) errors[field] = checked.error.issues[0]?.message;
  }
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
