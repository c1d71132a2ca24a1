import { missingForFreeDelivery } from '@pasal/contract/delivery';
import { formatRs, toPaisa } from '../lib/money';

/** "Add Rs 140 more for free delivery" while the goods are worth less than the amount (decision 047). */
export function FreeDeliveryHint({ subtotal, freeFrom }: { subtotal: number; freeFrom: number | null }) {
  const missing = missingForFreeDelivery(toPaisa(subtotal), freeFrom === null ? null : toPaisa(freeFrom));
  if (missing === null) return null;
  return (
    <p className="small text-success-emphasis mb-2">Add {formatRs(missing / 100)} more for free delivery</p>
  );
}
