// Plain rules with no zod, so the storefront can share them without loading the schema library.

/** The reset rule of accounts-orders.md §5. */
export const RESET_PASSWORD_RULE =
  'Password must contain 8+ characters, uppercase, lowercase, number, and special character';

/** 8+ characters with a lowercase, an uppercase, a digit and one of !@#$%^&*. */
export function meetsResetRule(value: string): boolean {
  return (
    value.length >= 8 &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /\d/.test(value) &&
    /[!@#$%^&*]/.test(value)
  );
}
