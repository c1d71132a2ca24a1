import type { OrderSlot } from '@pasal/contract/delivery-slots';
import { formatShortDate } from './format-date';

/** "Nov 27, 2026, 09:00–12:00" (the BS day in Nepali): an order's delivery slot, in Nepal time. */
export function slotText(slot: NonNullable<OrderSlot>): string {
  return `${formatShortDate(slot.date)}, ${slot.starts}–${slot.ends}`;
}
