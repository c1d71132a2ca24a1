import { z } from 'zod';
import {
  bodyError,
  booleanInput,
  dateTimeText,
  idInput,
  rupeesInput,
  staffRef,
  textInput,
} from './admin-common';
import { adminOrderSummary, dateOnly } from './admin-orders';
import { money } from './common';

// Riders in the console: who they are, which orders they take out, and the cash they hand in at
// the end of the day (docs/decisions/057-delivery-riders.md).

export const NOT_A_RIDER = 'Choose an active rider.';
export const ASSIGN_FINISHED =
  'Delivered and cancelled orders cannot be assigned to a rider; leave them out and try again.';
export const ASSIGN_OUT =
  'This order is out with its rider: they hand it back with “Could not deliver” before it can go to someone else.';
export const RIDER_OWN_ORDER =
  'A rider cannot deliver their own order (they would record its cash themselves); choose another rider.';
export const RIDER_HAS_ORDERS = 'This rider still has orders to deliver: assign them to someone else first.';
export const RIDER_STILL_OUT =
  'This rider still has cash orders out for delivery: close the day once they are delivered or handed back.';
export const DAY_ALREADY_CLOSED = 'This rider’s day is already closed.';
export const MAX_ASSIGN = 100;

export const adminRider = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  open_orders: z.number().int().describe('Assigned orders not delivered or cancelled yet'),
});
export type AdminRider = z.infer<typeof adminRider>;

export const adminRiderList = z.object({ riders: z.array(adminRider) });
export type AdminRiderList = z.infer<typeof adminRiderList>;

export const adminSetRider = z.strictObject(
  { is_rider: booleanInput('is_rider') },
  { error: bodyError('The body must be {is_rider}') },
);
export type AdminSetRider = z.input<typeof adminSetRider>;

export const adminAssignOrders = z.strictObject(
  {
    order_ids: z
      .array(idInput('An order'), { error: 'order_ids must be a list of order ids' })
      .min(1, 'Choose at least one order')
      .max(MAX_ASSIGN, `At most ${MAX_ASSIGN} orders at once`),
    rider_id: idInput('The rider').nullable().describe('null takes the orders off their rider'),
  },
  { error: bodyError('The body must be {order_ids, rider_id}') },
);
export type AdminAssignOrders = z.input<typeof adminAssignOrders>;

export const adminAssignResponse = z.object({ orders: z.array(adminOrderSummary) });
export type AdminAssignResponse = z.infer<typeof adminAssignResponse>;

export const adminRiderCashQuery = z.strictObject(
  { day: dateOnly('day').optional().describe('A day in Nepal time (YYYY-MM-DD); today by default') },
  { error: bodyError('The query must be ?day=YYYY-MM-DD') },
);

export const adminRiderCashOrder = z.object({
  id: z.number().int(),
  tracking_id: z.string(),
  total: money.describe('What the customer owed in cash'),
  cash_collected: money.nullable().describe('What the rider recorded; null when none was'),
});

export const adminRiderCashDay = z.object({
  rider: z.object({ id: z.number().int(), name: z.string(), phone: z.string().nullable() }),
  day: z.string(),
  orders: z.array(adminRiderCashOrder).describe('The cash orders the rider delivered that day'),
  expected: money.describe('The totals of those orders'),
  recorded: money.describe('What the rider recorded collecting'),
  difference: money.describe('recorded − expected (negative: short)'),
  closed: z
    .object({
      expected: money.describe('As it was when the day was closed'),
      recorded: money,
      handed_in: money,
      difference: money.describe('handed_in − expected'),
      note: z.string(),
      by: staffRef.nullable(),
      at: dateTimeText,
    })
    .nullable()
    .describe('Null until staff close the day'),
});
export type AdminRiderCashDay = z.infer<typeof adminRiderCashDay>;

export const adminRiderCash = z.object({
  day: z.string(),
  riders: z.array(adminRiderCashDay).describe('Every rider, and anyone who delivered cash orders that day'),
});
export type AdminRiderCash = z.infer<typeof adminRiderCash>;

export const adminCloseRiderDay = z.strictObject(
  {
    rider_id: idInput('The rider'),
    day: dateOnly('day'),
    handed_in: rupeesInput('The cash handed in'),
    note: textInput('The note', 500, { required: false }).optional(),
  },
  { error: bodyError('The body must be {rider_id, day, handed_in, note?}') },
);
export type AdminCloseRiderDay = z.input<typeof adminCloseRiderDay>;

export const adminRiderCashDayResponse = z.object({ rider: adminRiderCashDay });
