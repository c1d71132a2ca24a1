import type { SignupRequest } from '@pasal/contract/auth';
import { msg } from '../../i18n/i18n';

export type SignupErrors = Partial<Record<keyof SignupRequest, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Letters with their combining marks (Devanagari vowel signs are \p{M}); in step with the contract.
const LETTERS = /^[\p{L}\p{M}]+(?:[ '-][\p{L}\p{M}]+)*$/u;
const DIGITS = /^\d+$/;

function personName(value: string, label: string): string | undefined {
  if (!value.trim()) return `${label} is required`;
  if (!LETTERS.test(value.trim())) return `${label} must contain only letters`;
  return undefined;
}

/** The sign-up form's rules (accounts-orders.md §5); no length bounds on the phone there. */
export function validateSignup(form: SignupRequest): SignupErrors {
  const errors: SignupErrors = {
    first_name: personName(form.first_name, 'First name'),
    last_name: personName(form.last_name, 'Last name'),
  };
  if (!form.email.trim()) errors.email = msg('Email is required');
  else if (!EMAIL.test(form.email.trim())) errors.email = msg('Invalid email');
  if (!form.phone.trim()) errors.phone = msg('Phone number is required');
  else if (!DIGITS.test(form.phone.trim())) errors.phone = msg('Phone number must contain only numbers');
  if (!form.password) errors.password = msg('Password is required');
  else if (form.password.length < 3) errors.password = msg('Password must be at least 3 characters');
  if (!form.confirm_password) errors.confirm_password = msg('Confirm password is required');
  else if (form.confirm_password !== form.password) errors.confirm_password = msg('Passwords must match');
  for (const key of Object.keys(errors) as (keyof SignupErrors)[]) if (!errors[key]) delete errors[key];
  return errors;
}
