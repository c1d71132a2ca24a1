import { fetchJson, isRecord } from './http-json';
import type { KhaltiSettings } from './khalti-provider';
import { PaymentProviderError } from './payment-provider';

export interface KhaltiRefundAnswer {
  /** True when Khalti answered 200: the transaction is refunded. */
  refunded: boolean;
  /** Khalti's own words (its `detail`), for staff and the log. */
  detail: string;
  status: number;
  body: unknown;
}

/**
 * Khalti's refund endpoint sits beside the ePayment API, not under /v2:
 * https://khalti.com/api/v2 → https://khalti.com/api/merchant-transaction/{transaction_id}/refund/.
 */
export function khaltiRefundUrl(baseUrl: string, transactionId: string): string {
  const root = baseUrl.replace(/\/+$/, '').replace(/\/v2$/, '');
  return `${root}/merchant-transaction/${encodeURIComponent(transactionId)}/refund/`;
}

function detailOf(body: unknown): string {
  if (isRecord(body) && typeof body.detail === 'string') return body.detail;
  return JSON.stringify(body).slice(0, 200);
}

/**
 * Asks Khalti to give back a whole wallet transaction (its merchant refund API: no amount means
 * the full amount). A 200 means refunded; any other answer is Khalti's refusal, with its reason;
 * an unreachable Khalti or a non-JSON answer throws PaymentProviderError (nothing is known then).
 */
export async function refundKhaltiTransaction(
  settings: KhaltiSettings,
  transactionId: string,
): Promise<KhaltiRefundAnswer> {
  const { status, body } = await fetchJson('khalti', khaltiRefundUrl(settings.baseUrl, transactionId), {
    method: 'POST',
    headers: { authorization: `Key ${settings.secretKey}` },
    body: {},
  });
  if (status >= 500) throw new PaymentProviderError('khalti', `refund HTTP ${status}: ${detailOf(body)}`);
  return { refunded: status === 200, detail: detailOf(body), status, body };
}
