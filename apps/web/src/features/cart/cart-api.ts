import type { CartLineInput, CartList, CartResponse, Cart as ServerCart } from '@pasal/contract/cart';
import type { CartVoucher, CartVoucherList, VoucherApplyResponse } from '@pasal/contract/voucher';
import { apiClient, httpResponse } from '../../lib/api-client';
import { createSerialQueue } from '../../lib/serial-queue';

// Every cart request waits for the one before: the answers replace the local cart, so they must
// arrive in the order the changes were made.
const serial = createSerialQueue();

/** GET /cart/: data.results, the first entry is used. */
export const fetchServerCart = () =>
  serial(async () => {
    const res = await apiClient.get<Partial<CartList>>('/cart/');
    const results = res.data?.results;
    return Array.isArray(results) ? (results[0] ?? null) : null;
  });

/** Add and update answer data.cart; remove and clear may answer nothing, then the cart is read. */
async function cartOrRead(res: { data?: Partial<CartResponse> | null }): Promise<ServerCart | null> {
  if (res.data?.cart) return res.data.cart;
  const read = await apiClient.get<Partial<CartList>>('/cart/');
  return read.data?.results?.[0] ?? null;
}

export const addToServerCart = (lines: CartLineInput[]) =>
  serial(async () => cartOrRead(await apiClient.post('/cart/add/', { cart_products: lines })));

export const updateServerCart = (lines: CartLineInput[]) =>
  serial(async () => cartOrRead(await apiClient.post('/cart/update/', { cart_products: lines })));

/**
 * DELETE /cart/remove/{product}/. A 404 ("Product {id} is not in your cart.") means the line is not
 * there, which is what the removal asked for: an earlier removal whose answer was lost, a line only
 * ever added offline, or one removed on another device. It is taken as done and the cart is read.
 */
export const removeFromServerCart = (product: number) =>
  serial(async () => {
    const res = await apiClient.delete(`/cart/remove/${product}/`).catch((error: unknown) => {
      if (httpResponse(error)?.status === 404) return { data: null };
      throw error;
    });
    return cartOrRead(res);
  });

export const clearServerCart = () => serial(async () => cartOrRead(await apiClient.delete('/cart/clear/')));

export const applyVoucher = (code: string, orderTotal: number) =>
  apiClient.post<VoucherApplyResponse>('/voucher/apply/', { code, order_total: orderTotal });

/** GET /voucher/available/: the listed codes against the customer's server cart (decision 055). */
export async function fetchCartVouchers(signal?: AbortSignal): Promise<CartVoucher[]> {
  const res = await apiClient.get<Partial<CartVoucherList>>('/voucher/available/', { signal });
  return Array.isArray(res.data?.results) ? res.data.results : [];
}

/** The refusal the server gave, if it gave one (a 4xx with a body). */
export interface Refusal {
  status: number;
  message?: string;
  msg?: string;
  product?: number;
  available_quantity?: number;
  /** A flash sale's limit less what the customer already bought in it: what the cart may hold. */
  flash_sale_room?: number;
  /** The most one line may hold (what one order may carry). */
  max_quantity?: number;
}

export function refusalOf(error: unknown): Refusal | null {
  const response = httpResponse(error);
  if (!response) return null;
  const { status, data } = response;
  // A 401 is the session's business (refreshed, or the session ends), not a refusal of this change.
  if (status < 400 || status >= 500 || status === 401) return null;
  const body = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  return {
    status,
    message: typeof body.message === 'string' && body.message ? body.message : undefined,
    msg: typeof body.msg === 'string' && body.msg ? body.msg : undefined,
    product: typeof body.product === 'number' ? body.product : undefined,
    available_quantity: typeof body.available_quantity === 'number' ? body.available_quantity : undefined,
    flash_sale_room: typeof body.flash_sale_room === 'number' ? body.flash_sale_room : undefined,
    max_quantity: typeof body.max_quantity === 'number' ? body.max_quantity : undefined,
  };
}
