import { meetsResetRule, RESET_PASSWORD_RULE } from '@pasal/contract/password-rules';
import { msg } from '../../i18n/i18n';

export interface ResetErrors {
  new_password?: string;
  confirm_password?: string;
}

export function validateReset(password: string, confirm: string): ResetErrors {
  const errors: ResetErrors = {};
  if (!password) errors.new_password = msg('Password is required');
  else if (!meetsResetRule(password)) errors.new_password = RESET_PASSWORD_RULE;
  if (!confirm) errors.confirm_password = msg('Confirm Password is required');
  else if (confirm !== password) errors.confirm_password = msg('Passwords do not match');
  return errors;
}
