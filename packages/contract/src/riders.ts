import { z } from 'zod';
import { bodyError, rupeesInput, textInput } from './admin-common';
import { money } from './common';
import { orderSlot } from './delivery-slots';
import { NOT_DELIVERED_REASONS } from './not-delivered-reasons';
import { orderStatus } from './orders';
import { paymentMethod } from './payments';

// The rider's screen (/rider): the orders assigned to the rider and the three things they do with
// them (docs/decisions/057-delivery-riders.md).

export const RIDERS_ONLY = 'Only delivery riders can use the rider screen.';
export const CASH_REQUIRED = 'Enter the cash you collected.';
export const NO_CASH_FOR_PAID = 'This order is paid online: no cash is collected.';

export const MAX_NOT_DELIVERED_NOTE = 500;

export const riderOrder = z.object({
  id: z.number().int(),
  tracking_id: z.string(),
  order_status: orderStatus,
  customer: z.object({
    name: z.string().describe('The delivery name of the address'),
    phone: z.string().describe('The delivery phone of the address (else the account’s)'),
  }),
  address: z.object({
    location: z.string().describe('Tole / street'),
    land_mark: z.string(),
    municipality: z.string().describe('The local level'),
    municipality_ne: z.string().nullable().describe('The local level’s Nepali name, when known'),
    district: z.string(),
    district_ne: z.string().nullable(),
  }),
  map_url: z.string().describe('A Google Maps search for the landmark, local level and district'),
  station: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  slot: orderSlot,
  payment_method: paymentMethod,
  total: money,
  to_collect: money.nullable().describe('The cash to collect at the door; null when paid online'),
  items_count: z.number().int(),
  cash_collected: money.nullable().describe('What the rider recorded when they delivered it'),
  delivered_at: z.string().nullable(),
  attempts: z.number().int().describe('Failed deliveries so far'),
});
export type RiderOrder = z.infer<typeof riderOrder>;

export const riderOrderList = z.object({
  day: z.string().describe('Today in Nepal (YYYY-MM-DD)'),
  orders: z
    .array(riderOrder)
    .describe(
      'The rider’s orders still to deliver, by delivery slot (day, then start; none last), then station, area and id; then those they delivered today',
    ),
});
export type RiderOrderList = z.infer<typeof riderOrderList>;

export const riderOrderResponse = z.object({ order: riderOrder });
export type RiderOrderResponse = z.infer<typeof riderOrderResponse>;

export const riderDelivered = z.strictObject(
  {
    cash_collected: rupeesInput('The cash collected')
      .optional()
      .describe('Required for a cash order; not sent for one paid online'),
  },
  { error: bodyError('The body must be {cash_collected?}') },
);
export type RiderDelivered = z.input<typeof riderDelivered>;

export const riderNotDelivered = z.strictObject(
  {
    reason: z.enum(NOT_DELIVERED_REASONS, {
      error: `reason must be one of: ${NOT_DELIVERED_REASONS.join(', ')}`,
    }),
    note: textInput('The note', MAX_NOT_DELIVERED_NOTE, { required: false }).optional(),
  },
  { error: bodyError('The body must be {reason, note?}') },
);
export type RiderNotDelivered = z.input<typeof riderNotDelivered>;
