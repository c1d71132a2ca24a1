import { apiClient } from '../../lib/api-client';

// The order calls arrive with the orders issue; until then they 404 and the empty states show.
export interface OrderSummary {
  id: number;
  tracking_id?: string | null;
  created_at: string;
  order_status: string;
  payment_completed: boolean;
  total: number;
  payment_method?: string;
}

export interface DeliveredProduct {
  id: number;
  title: string;
  created_on: string;
}

export interface CancellationRecord {
  id: number;
  created_on: string;
  remarks: string;
  order: { created_at: string; total: number; payment_method: string };
}

export async function fetchOrders(): Promise<OrderSummary[]> {
  const res = await apiClient.get<{ results?: OrderSummary[] }>('/order/list/');
  return res.data?.results ?? [];
}

export async function fetchDeliveredProducts(): Promise<DeliveredProduct[]> {
  const res = await apiClient.get<DeliveredProduct[]>('/list/ordered/products/');
  return Array.isArray(res.data) ? res.data : [];
}

export async function fetchCancelledOrders(): Promise<CancellationRecord[]> {
  const res = await apiClient.get<{ results?: CancellationRecord[] }>('/list/order/cancellation/');
  return res.data?.results ?? [];
}
