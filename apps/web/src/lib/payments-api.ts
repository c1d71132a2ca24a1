import type { PaymentRetryRequest, PaymentStart } from '@pasal/contract/payments';
import { apiClient } from './api-client';

/**
 * POST /payments/{orderId}/retry/: a new attempt with the given wallet; the answer says where the
 * browser goes (goToWallet takes it there).
 */
export async function retryPayment(
  orderId: number,
  provider: PaymentRetryRequest['provider'],
): Promise<PaymentStart> {
  return (await apiClient.post<PaymentStart>(`/payments/${orderId}/retry/`, { provider })).data;
}
