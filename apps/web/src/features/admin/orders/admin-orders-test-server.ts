import type { AdminOrder } from '@pasal/contract/admin-orders';
import { type AxiosAdapter, AxiosError, type AxiosResponse } from 'axios';
import { apiClient } from '../../../lib/api-client';

/** A console order as the API answers it: cancelled after a Khalti payment, so Refund due. */
export function adminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id: 41,
    tracking_id: 'PSL0000000041',
    created_at: '2026-03-05T10:00:00+05:45',
    order_status: 'Cancelled',
    payment_method: 'khalti',
    payment_status: 'Refund due',
    total: 951,
    items_count: 2,
    slot: null,
    customer: { id: 7, name: 'Gita Karki', phone: '9800000001', email: null },
    rider: null,
    subtotal: 901,
    discount: 0,
    delivery_charge: 50,
    voucher_code: null,
    notes: '',
    shipping_address: {
      address_type: 'Home',
      full_name: 'Gita Karki',
      phone: '9800000001',
      location: 'Baneshwor',
      land_mark: '',
      municipality: 'Kathmandu',
      district: 'Kathmandu',
      province: 'Bagmati',
      municipality_ne: 'काठमाडौं',
      district_ne: 'काठमाडौं',
      province_ne: 'बागमती',
      nearest_branch: null,
    },
    delivery_station: null,
    lines: [],
    payment_completed: true,
    payment_reference: 'KTX-1',
    paid_at: '2026-03-05T10:05:00+05:45',
    delivered_at: null,
    updated_at: '2026-03-05T11:00:00+05:45',
    payments: [
      {
        id: 3,
        attempt: 1,
        provider: 'khalti',
        reference: 'PSL-41-1-abc',
        amount: 951,
        status: 'completed',
        provider_status: 'Completed',
        provider_ref: 'KTX-1',
        paid_amount: 951,
        refund_due: true,
        created_at: '2026-03-05T10:01:00+05:45',
        confirmed_at: '2026-03-05T10:05:00+05:45',
      },
    ],
    history: [],
    cancellation: null,
    next_statuses: [],
    refunded_at: null,
    refund: null,
    can_refund: true,
    refund_needs_reference: false,
    ...overrides,
  };
}

export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
}

/** Answers the console's POSTs with what each test gives, and records what was sent. */
export function consoleServer(answer: (request: SentRequest) => { status: number; body: unknown }) {
  const sent: SentRequest[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const request = {
      method: (config.method ?? 'get').toLowerCase(),
      url: config.url ?? '',
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    sent.push(request);
    const { status, body } = answer(request);
    const response: AxiosResponse = { data: body, status, statusText: String(status), headers: {}, config };
    if (status >= 400) throw new AxiosError(`HTTP ${status}`, 'ERR_BAD_REQUEST', config, null, response);
    return response;
  };
  const previous = apiClient.defaults.adapter;
  apiClient.defaults.adapter = adapter;
  return {
    sent,
    restore() {
      apiClient.defaults.adapter = previous;
    },
  };
}
