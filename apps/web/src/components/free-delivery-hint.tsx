import { missingForFreeDelivery } from '@pasal/contract/delivery';
import { useTranslation } from '../i18n/use-translation';
import { formatRs, toPaisa } from '../lib/money';

/** "Add Rs 140 more for free delivery" while the goods are worth less than the amount (decision 047). */
export function FreeDeliveryHint({ subtotal, freeFrom }: { subtotal: number; freeFrom: number | null }) {
  const { t } = useTranslation();
  const missing = missingForFreeDelivery(toPaisa(subtotal), freeFrom === null ? null : toPaisa(freeFrom));
  if (missing === null) return null;
  return (
    <p className="small text-success-emphasis mb-2">
      {t('Add {{amount}} more for free delivery', { amount: formatRs(missing / 100) })}
    </p>
  );
}
