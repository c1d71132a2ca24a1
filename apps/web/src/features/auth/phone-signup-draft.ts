// What /phonesignup asked (phone and name), kept in this tab's sessionStorage until the password is
// set, so a reload of /otpcheck or /setpass carries on and the name reaches set-password
// (decision 047). Storage may be unavailable: the flow then works from navigation state alone.

export interface PhoneSignupDraft {
  phone: string;
  first_name: string;
  last_name: string;
}

const KEY = 'pasal.signup.phone';

export function keepDraft(draft: PhoneSignupDraft): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {}
}

export function storedDraft(): PhoneSignupDraft | undefined {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<PhoneSignupDraft> | null;
    if (!value || typeof value.phone !== 'string' || !value.phone) return undefined;
    return {
      phone: value.phone,
      first_name: typeof value.first_name === 'string' ? value.first_name : '',
      last_name: typeof value.last_name === 'string' ? value.last_name : '',
    };
  } catch {
    return undefined;
  }
}

export function dropDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {}
}
