import type { CheckoutRequest, CheckoutResponse } from '@pasal/contract/checkout';
import type { DeliveryChargeResponse, DeliveryInfo } from '@pasal/contract/delivery';
import type { OrderPaymentResponse, PaymentMethodsResponse } from '@pasal/contract/payments';
import axios from 'axios';
import { apiClient, publicClient } from '../../lib/api-client';

export type { CheckoutResponse, DeliveryInfo, OrderPaymentResponse };
export type PaymentChoice = 'cash' | 'esewa' | 'khalti';
export type Wallet = Exclude<PaymentChoice, 'cash'>;
export type PaymentMethod = PaymentMethodsResponse['methods'][number];

const NO_DELIVERY: DeliveryInfo = {
  delivery_charge: 0,
  delivery_time: null,
  distance: null,
  free_delivery_from: null,
};

/**
 * POST /order/calculate-delivery-charge/ (shopping.md §7). No address or no lines: 0 without
 * asking. An address nobody serves is refused by the server (its message is the caller's to show).
 */
export async function quoteDelivery(
  addressId: number | null,
  lines: { product_id: number; quantity: number }[],
  signal?: AbortSignal,
): Promise<DeliveryInfo> {
  if (addressId === null || lines.length === 0) return NO_DELIVERY;
  const res = await apiClient.post<DeliveryChargeResponse>(
    '/order/calculate-delivery-charge/',
    { address_id: addressId, cart_items: lines },
    { signal },
  );
  return res.data?.data?.delivery_info ?? NO_DELIVERY;
}

/**
 * The cart value from which delivery is free before an address is chosen (the cart page): the
 * lowest any station offers, from the same quote call without an address (decision 047).
 */
export async function freeDeliveryFrom(
  lines: { product_id: number; quantity: number }[],
  signal?: AbortSignal,
): Promise<number | null> {
  if (lines.length === 0) return null;
  const res = await apiClient.post<DeliveryChargeResponse>(
    '/order/calculate-delivery-charge/',
    { address_id: null, cart_items: lines },
    { signal },
  );
  return res.data?.data?.delivery_info?.free_delivery_from ?? null;
}

/** POST /checkout/ with the attempt's Idempotency-Key: a retry with it never places a second order. */
export async function placeOrder(body: CheckoutRequest, idempotencyKey: string): Promise<CheckoutResponse> {
  const res = await apiClient.post<CheckoutResponse>('/checkout/', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return res.data;
}

/** Which methods the shop offers now (a wallet is off in production without its credentials). */
export async function listPaymentMethods(): Promise<PaymentMethod[]> {
  const res = await publicClient.get<PaymentMethodsResponse>('/payments/methods/');
  return Array.isArray(res.data?.methods) ? res.data.methods : [];
}

/** GET /payments/{orderId}/: the order's payment as the server knows it. */
export async function fetchOrderPayment(orderId: number): Promise<OrderPaymentResponse> {
  return (await apiClient.get<OrderPaymentResponse>(`/payments/${orderId}/`)).data;
}

/**
 * POST /payments/{orderId}/check/: the server asks the wallets about the order's open payments
 * now (Back from a wallet: one paid there pays the order) and answers as GET does.
 */
export async function checkOrderPayment(orderId: number): Promise<OrderPaymentResponse> {
  return (await apiClient.post<OrderPaymentResponse>(`/payments/${orderId}/check/`)).data;
}

/** POST /payments/{orderId}/cash/: the unpaid online order is paid on delivery instead. */
export async function payOrderWithCash(orderId: number): Promise<OrderPaymentResponse> {
  return (await apiClient.post<OrderPaymentResponse>(`/payments/${orderId}/cash/`)).data;
}

/** The server's refusal (a 4xx with a body): its status and its msg or message. */
export interface Refusal {
  status: number;
  message?: string;
  product?: number;
  /** The lines whose price is not the one sent (409 PRICES_CHANGED): their prices now. */
  changed?: { product: number; price: number }[];
  /** The promo code was refused (expired, used up, below its minimum): the order cannot carry it. */
  promoRefused?: boolean;
}

export function refusalOf(error: unknown): Refusal | null {
  if (!axios.isAxiosError(error) || !error.response) return null;
  const { status, data } = error.response;
  if (status < 400 || status >= 500 || status === 401) return null;
  const body = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const text = [body.msg, body.message].find((m): m is string => typeof m === 'string' && m !== '');
  const changed = Array.isArray(body.changed)
    ? body.changed.filter(
        (line): line is { product: number; price: number } =>
          typeof line?.product === 'number' && typeof line?.price === 'number',
      )
    : undefined;
  return {
    status,
    message: text,
    product: typeof body.product === 'number' ? body.product : undefined,
    ...(changed ? { changed } : {}),
    ...(body.is_valid === false ? { promoRefused: true } : {}),
  };
}
