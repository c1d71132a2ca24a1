import { BsDash, BsPlus } from 'react-icons/bs';
import { msg } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';

/** At least 1 and at most the stock (shopping.md §4, §5). */
export function clampQuantity(quantity: number, stock: number): number {
  return Math.max(1, Math.min(quantity, stock));
}

/** The warning at the stock limit; `count` is the stock (shopping.md §4). */
export const STOCK_WARNING = msg('Only {{count, n}} items available in stock');

interface Props {
  value: number;
  stock: number;
  onChange(next: number): void;
  /** Called when plus reaches the stock limit. */
  onLimit?(stock: number): void;
}

export function QuantityStepper({ value, stock, onChange, onLimit }: Props) {
  const { t } = useTranslation();
  const atMax = value >= stock;
  const plus = () => {
    if (atMax) return;
    const next = clampQuantity(value + 1, stock);
    onChange(next);
    if (next >= stock) onLimit?.(stock);
  };
  return (
    <div>
      <fieldset className="d-flex align-items-center gap-2" disabled={stock <= 0}>
        <legend className="visually-hidden">{t('Quantity')}</legend>
        <button
          type="button"
          className="btn btn-outline-secondary"
          aria-label={t('Decrease quantity')}
          onClick={() => value > 1 && onChange(value - 1)}
        >
          <BsDash aria-hidden="true" />
        </button>
        <output className="qty-value fw-bold" aria-live="polite" aria-label={t('Quantity')}>
          {t('{{value, n}}', { value })}
        </output>
        {/* At the limit plus is aria-disabled rather than disabled, so a keyboard user pressing it
            up to the stock keeps focus on it instead of losing it to the page. */}
        <button
          type="button"
          className={`btn btn-outline-secondary ${atMax ? 'disabled' : ''}`}
          aria-label={t('Increase quantity')}
          aria-disabled={atMax || undefined}
          onClick={plus}
        >
          <BsPlus aria-hidden="true" />
        </button>
      </fieldset>
      {stock > 0 && atMax && (
        <p className="qty-warning text-warning-emphasis small mt-1 mb-0">
          {t(STOCK_WARNING, { count: stock })}
        </p>
      )}
    </div>
  );
}
