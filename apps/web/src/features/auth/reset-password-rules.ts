export interface ResetErrors {
  new_password?: string;
  confirm_password?: string;
}

export const RESET_RULE =
  'Password must contain 8+ characters, uppercase, lowercase, number, and special character';

/** 8+ characters with a lowercase, an uppercase, a digit and one of !@#$%^&* (accounts-orders.md §5). */
export function meetsResetRule(value: string): boolean {
  return (
    value.length >= 8 &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /\d/.test(value) &&
    /[!@#$%^&*]/.test(value)
  );
}

export function validateReset(password: string, confirm: string): ResetErrors {
  const errors: ResetErrors = {};
  if (!password) errors.new_password = 'Password is required';
  else if (!meetsResetRule(password)) errors.new_password = RESET_RULE;
  if (!confirm) errors.confirm_password = 'Confirm Password is required';
  else if (confirm !== password) errors.confirm_password = 'Passwords do not match';
  return errors;
}
