import type { RiderDelivered, RiderNotDelivered, RiderOrder, RiderOrderList } from '@pasal/contract/riders';
import { apiClient } from '../../lib/api-client';

/** The rider's API (riders only; docs/decisions/057). */
const RIDER_ROOT = '/api/rider';

export async function fetchRiderOrders(signal?: AbortSignal): Promise<RiderOrderList> {
  return (await apiClient.get<RiderOrderList>('/orders/', { baseURL: RIDER_ROOT, signal })).data;
}

type Action = 'out-for-delivery' | 'delivered' | 'not-delivered';

export async function riderAction(
  orderId: number,
  action: Action,
  body?: RiderDelivered | RiderNotDelivered,
): Promise<RiderOrder> {
  const res = await apiClient.post<{ order: RiderOrder }>(`/orders/${orderId}/${action}/`, body ?? {}, {
    baseURL: RIDER_ROOT,
  });
  return res.data.order;
}
