import type {
  BuyAgainResponse,
  CancellationList,
  CancelOrderResponse,
  DeliveredProduct,
  OrderDetail,
  OrderList,
} from '@pasal/contract/orders';
import type { ReviewResponse } from '@pasal/contract/reviews';
import axios from 'axios';
import { apiClient, publicClient } from '../../lib/api-client';

// The customer's order calls (DECISIONS.md §3; docs/decisions/012-checkout-and-orders.md).

export async function fetchOrders(page: number, signal?: AbortSignal): Promise<OrderList> {
  return (await apiClient.get<OrderList>('/order/list/', { params: { page }, signal })).data;
}

/** One of my orders with its history; someone else's is a 404. */
export async function fetchOrder(id: number, signal?: AbortSignal): Promise<OrderDetail> {
  return (await apiClient.get<OrderDetail>(`/order/${id}/`, { signal })).data;
}

/** Buy again: the order's lines go back into my cart, as far as they are sold now. */
export async function buyOrderAgain(id: number): Promise<BuyAgainResponse> {
  return (await apiClient.post<BuyAgainResponse>(`/order/${id}/buy-again/`)).data;
}

export async function fetchDeliveredProducts(signal?: AbortSignal): Promise<DeliveredProduct[]> {
  const res = await apiClient.get<DeliveredProduct[]>('/list/ordered/products/', { signal });
  return Array.isArray(res.data) ? res.data : [];
}

export async function fetchCancellations(page: number, signal?: AbortSignal): Promise<CancellationList> {
  return (await apiClient.get<CancellationList>('/list/order/cancellation/', { params: { page }, signal }))
    .data;
}

export async function cancelOrder(orderId: number, reason: string): Promise<CancelOrderResponse> {
  return (await apiClient.post<CancelOrderResponse>(`/order/cancel/${orderId}/`, { reason })).data;
}

export async function postReview(productId: number, rating: number, review: string): Promise<ReviewResponse> {
  return (await apiClient.post<ReviewResponse>(`/product/${productId}/review/`, { rating, review })).data;
}

/**
 * The product page's answer is public and the browser may keep it a minute: after a review, fetch
 * it afresh (by id and by slug, the two addresses of the page) so the Reviews tab shows the new one.
 */
export async function refreshProductPage(product: { id: number; slug: string }): Promise<void> {
  const fresh = { headers: { 'Cache-Control': 'no-cache' } };
  await Promise.all(
    [String(product.id), product.slug].map((key) =>
      publicClient.get(`/product/detail/${encodeURIComponent(key)}/`, fresh).catch(() => undefined),
    ),
  );
}

/** The server's `message` (or `msg`) of a refusal, else the fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  if (axios.isAxiosError(error)) {
    const data = error.response?.data as { message?: unknown; msg?: unknown } | undefined;
    for (const text of [data?.msg, data?.message]) if (typeof text === 'string' && text) return text;
  }
  return fallback;
}
