import type { WalletName } from './payment-provider';
import { PaymentProviderError } from './payment-provider';

export interface JsonAnswer {
  status: number;
  body: unknown;
}

/** One HTTP call to a provider; the parsed JSON answer whatever its status, or PaymentProviderError. */
export async function fetchJson(
  provider: WalletName,
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown },
): Promise<JsonAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      redirect: 'error',
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new PaymentProviderError(
      provider,
      `unreachable: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // The answer was cut off after its headers: as good as no answer.
    throw new PaymentProviderError(
      provider,
      `unreachable: the answer was cut off (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    throw new PaymentProviderError(provider, `HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
