import type { UnitPrice } from '@pasal/contract/catalogue';
import { useTranslation } from '../i18n/use-translation';
import { formatRs } from '../lib/money';

/** "Rs 120/kg": what a kg, litre or piece costs, so sizes compare at a glance (decision 052). */
export function UnitPriceText({ unitPrice, className }: { unitPrice?: UnitPrice; className?: string }) {
  const { t } = useTranslation();
  if (!unitPrice) return null;
  const price = formatRs(unitPrice.amount);
  const text =
    unitPrice.per === 'kg'
      ? t('{{price}}/kg', { price })
      : unitPrice.per === 'l'
        ? t('{{price}}/L', { price })
        : t('{{price}}/piece', { price });
  return <span className={className}>{text}</span>;
}
