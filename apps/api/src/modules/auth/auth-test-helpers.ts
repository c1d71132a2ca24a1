import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

// Test helpers for the accounts modules: requests through HTTP, OTPs read from the dev outbox.

export const API = '/api/ecommerce';

let lastAddress = 0;
/** A fresh client address per call, so per-address caps only bite where a test means them to. */
export function nextAddress(): string {
  lastAddress += 1;
  return `10.${(lastAddress >> 16) & 255}.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
}

export function post(
  app: FastifyInstance,
  path: string,
  payload: object,
  options: { address?: string; token?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${API}${path}`,
    payload,
    remoteAddress: options.address ?? nextAddress(),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
}

export interface OutboxEntry {
  to: string;
  channel: 'sms' | 'email';
  text: string;
  otp: string | null;
  created_at: string;
}

export async function outbox(app: FastifyInstance, to: string): Promise<OutboxEntry[]> {
  const response = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  if (response.statusCode !== 200) throw new Error(`outbox: ${response.statusCode} ${response.body}`);
  return response.json<{ results: OutboxEntry[] }>().results;
}

/** The newest code sent to `to`. */
export async function latestOtp(app: FastifyInstance, to: string): Promise<string> {
  const [newest] = await outbox(app, to);
  if (!newest?.otp) throw new Error(`no OTP in the outbox for ${to}`);
  return newest.otp;
}

/** A code that is surely not the right one. */
export function wrongOtp(otp: string): string {
  return otp === '000000' ? '111111' : '000000';
}

export interface LoginBody {
  access_token: string;
  refresh_token: string;
  user_id: string;
  message: string;
}

export async function login(
  app: FastifyInstance,
  phoneOrEmail: string,
  password: string,
): Promise<LoginBody> {
  const response = await post(app, '/login/', { phone_or_email: phoneOrEmail, password });
  if (response.statusCode !== 200) throw new Error(`login: ${response.statusCode} ${response.body}`);
  return response.json<LoginBody>();
}

let phoneCounter = 0;
/** A unique 10-digit Nepali mobile number. */
export function newPhone(): string {
  phoneCounter += 1;
  return `97${String((Date.now() % 1_000_000) * 100 + phoneCounter)
    .padStart(8, '0')
    .slice(-8)}`;
}

/** A valid e-mail sign-up form with a fresh phone; the password is long enough to log in with. */
export function signupForm(overrides: Record<string, unknown> = {}) {
  const phone = newPhone();
  return {
    email: `shopper-${phone}@example.com`,
    password: 'secret1',
    confirm_password: 'secret1',
    first_name: 'Sita',
    last_name: 'Sharma',
    phone,
    ...overrides,
  };
}
