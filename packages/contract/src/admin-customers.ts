import { z } from 'zod';
import { bodyError, dateTimeText, listQuery, pageOf, textInput } from './admin-common';
import { idParam, money } from './common';

// Customers in the shop console: find them, see their orders, disable and re-enable accounts.

export const CUSTOMER_STATUSES = ['active', 'disabled', 'unverified'] as const;

export const adminCustomer = z.object({
  id: z.number().int(),
  first_name: z.string(),
  middle_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z
    .enum(CUSTOMER_STATUSES)
    .describe('disabled by staff; unverified: signed up but never activated; else active'),
  disabled_at: dateTimeText.nullable(),
  joined_at: dateTimeText,
  orders_count: z.number().int().describe('Orders placed, cancelled ones included'),
  orders_total: money.describe('Sum of the totals of orders not cancelled'),
  is_rider: z.boolean().describe('A delivery rider: sees the orders assigned to them at /rider'),
});
export type AdminCustomer = z.infer<typeof adminCustomer>;

export const adminCustomerOrder = z.object({
  id: z.number().int(),
  tracking_id: z.string(),
  created_at: dateTimeText,
  order_status: z.string(),
  payment_method: z.string(),
  payment_status: z.string(),
  total: money,
});

export const adminCustomerDetail = adminCustomer.extend({
  recent_orders: z.array(adminCustomerOrder).describe('The 10 newest'),
  addresses_count: z.number().int(),
});
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetail>;

export const adminCustomerPage = pageOf(adminCustomer);
export type AdminCustomerPage = z.infer<typeof adminCustomerPage>;

export const adminCustomerListQuery = listQuery(
  ['joined_at', 'name', 'orders_count', 'orders_total', 'id'],
  { sort: 'joined_at', order: 'desc' },
  {
    status: z.enum(CUSTOMER_STATUSES, { error: 'status must be active, disabled or unverified' }).optional(),
  },
).describe('q matches every word in the name, phone or e-mail');

export const adminCustomerParams = z.object({ customerId: idParam });

export const adminCustomerDisable = z.strictObject(
  { reason: textInput('Reason', 500, { required: false }).optional() },
  { error: bodyError('The body must be {reason?}') },
);
export type AdminCustomerDisable = z.input<typeof adminCustomerDisable>;

export const adminCustomerResponse = z.object({ customer: adminCustomerDetail });
export type AdminCustomerResponse = z.infer<typeof adminCustomerResponse>;
