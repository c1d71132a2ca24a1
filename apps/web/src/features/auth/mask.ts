/** The phone as the OTP page shows it: only the last 4 digits. */
export function maskPhone(phone: string): string {
  return `${'*'.repeat(Math.max(0, phone.length - 4))}${phone.slice(-4)}`;
}

/** The e-mail as the OTP page shows it: the first 3 characters followed by dots. */
export function maskEmail(email: string): string {
  return `${email.slice(0, 3)}...`;
}
