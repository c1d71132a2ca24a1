import { z } from 'zod';
import { bodyError, idInput, queryId, versionInput, wholeInput } from './admin-common';

// Delivery slots (docs/delivery-slots.md, docs/decisions/058-delivery-slots.md): each station's
// daily windows in Nepal time, each taking a number of orders a day, closing a station-wide number
// of minutes before it starts.

export const SLOT_REQUIRED = 'Please choose a delivery slot.';
export const SLOT_NOT_OFFERED = 'This delivery slot is not offered for your address. Please choose another.';
export const SLOT_CLOSED = 'This delivery slot is no longer taking orders. Please choose another.';
export const SLOT_FULL = 'This delivery slot is full. Please choose another.';
export const MAX_SLOTS = 12;
export const MAX_SLOT_CAPACITY = 10_000;
/** At most a day: a slot closing more than a day ahead could never be offered for tomorrow. */
export const MAX_CUTOFF_MINUTES = 1440;

/** Nepal Standard Time is UTC+5:45 all year (no daylight saving). */
export const NEPAL_OFFSET_MINUTES = 345;

/** "09:00" from minutes after midnight (1440 is "24:00", the end of the day). */
export function slotTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Minutes after midnight from "HH:MM" ("24:00" allowed), else null. */
export function slotMinutes(text: string): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(text);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 1440 ? minutes : null;
}

/** The Nepal calendar day (YYYY-MM-DD) of an instant, and `days` later. */
export function nepalDay(at: Date, days = 0): string {
  const shifted = new Date(at.getTime() + NEPAL_OFFSET_MINUTES * 60_000 + days * 86_400_000);
  return shifted.toISOString().slice(0, 10);
}

/** The instant a slot starts: its Nepal day at its minute. */
export function slotStart(day: string, startsMinute: number): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + (startsMinute - NEPAL_OFFSET_MINUTES) * 60_000);
}

const time = z.string().describe('Nepal time, HH:MM');

/** A slot as the console edits it. */
export const adminSlot = z.object({
  id: z.number().int(),
  starts: time,
  ends: time,
  capacity: z.number().int().describe('Orders it takes a day'),
});
export type AdminSlot = z.infer<typeof adminSlot>;

export const stationSlots = z.object({
  cutoff_minutes: z.number().int().describe('A slot stops taking orders this many minutes before it starts'),
  slots: z.array(adminSlot).describe('Earliest first'),
});
export type StationSlots = z.infer<typeof stationSlots>;

function timeInput(label: string) {
  return z
    .string({ error: `${label} must be a time like 09:00` })
    .refine((text) => slotMinutes(text) !== null, `${label} must be a time like 09:00`)
    .transform((text) => slotMinutes(text)!);
}

const slotInput = z
  .strictObject(
    {
      id: idInput('Slot').optional().describe('An existing slot of this station; absent: a new one'),
      starts: timeInput('Start'),
      ends: timeInput('End'),
      capacity: wholeInput('Capacity', 1, MAX_SLOT_CAPACITY),
    },
    { error: bodyError('Each slot must be {id?, starts, ends, capacity}') },
  )
  .refine((slot) => slot.ends > slot.starts, { message: 'A slot must end after it starts', path: ['ends'] });

/** PUT: the station's whole set of slots (slots left out are removed; orders keep their copies). */
export const adminSlotsReplace = z.strictObject(
  {
    version: versionInput,
    cutoff_minutes: wholeInput('Cut-off', 0, MAX_CUTOFF_MINUTES),
    slots: z
      .array(slotInput, { error: 'slots must be a list of {id?, starts, ends, capacity}' })
      .max(MAX_SLOTS, `A station offers at most ${MAX_SLOTS} slots`)
      .refine((list) => {
        const sorted = [...list].sort((a, b) => a.starts - b.starts);
        return sorted.every((slot, i) => i === 0 || slot.starts >= sorted[i - 1].ends);
      }, 'Slots must not overlap')
      .refine((list) => {
        const ids = list.flatMap((slot) => (slot.id === undefined ? [] : [slot.id]));
        return new Set(ids).size === ids.length;
      }, 'A slot is listed more than once'),
  },
  { error: bodyError('The body must be {version, cutoff_minutes, slots: [...]}') },
);
export type AdminSlotsReplace = z.input<typeof adminSlotsReplace>;

/** One slot on one day as checkout offers it. */
export const slotOption = z.object({
  id: z.number().int(),
  date: z.string().describe('The Nepal day, YYYY-MM-DD'),
  starts: time,
  ends: time,
  available: z.boolean(),
  reason: z
    .enum(['full', 'closed'])
    .nullable()
    .describe('Why it cannot take the order: full, or closed (past its cut-off); null when available'),
});
export type SlotOption = z.infer<typeof slotOption>;

export const deliverySlotsQuery = z.object({ address_id: queryId('address_id') });

export const deliverySlotsResponse = z.object({
  data: z.object({
    slots: z
      .array(slotOption)
      .describe('Today and tomorrow (Nepal time), earliest first; empty when the station has no slots'),
  }),
});
export type DeliverySlotsResponse = z.infer<typeof deliverySlotsResponse>;

/** The slot an order is delivered in, as it was when ordered. */
export const orderSlot = z
  .object({ date: z.string().describe('YYYY-MM-DD'), starts: time, ends: time })
  .nullable()
  .describe('The delivery slot chosen at checkout; null when the station had none');
export type OrderSlot = z.infer<typeof orderSlot>;

/** The checkout's slot field: the slot's id and its Nepal day. */
export const slotChoice = z.strictObject(
  {
    id: idInput('Slot'),
    date: z
      .string({ error: 'The slot date must be YYYY-MM-DD' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'The slot date must be YYYY-MM-DD'),
  },
  { error: bodyError('slot must be {id, date}') },
);
