import { meetsResetRule, RESET_PASSWORD_RULE } from '@pasal/contract/password-rules';

export interface ResetErrors {
  new_password?: string;
  confirm_password?: string;
}

export function validateReset(password: string, confirm: string): ResetErrors {
  const errors: ResetErrors = {};
  if (!password) errors.new_password = 'Password is required';
  else if (!meetsResetRule(password)) errors.new_password = RESET_PASSWORD_RULE;
  if (!confirm) errors.confirm_password = 'Confirm Password is required';
  else if (confirm !== password) errors.confirm_password = 'Passwords do not match';
  return errors;
}
