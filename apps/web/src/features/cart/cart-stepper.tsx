import { onlyInStock } from '@pasal/contract/shop-texts';
import { BsDash, BsPlus } from 'react-icons/bs';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';

interface Props {
  title: string;
  quantity: number;
  /** The most that can be bought (the stock); undefined when not known. */
  max?: number;
  /** A cart request runs: presses are ignored until it ends. */
  busy: boolean;
  onChange(quantity: number): void;
  /** Plus pressed at the stock. */
  onLimit(max: number): void;
}

/**
 * A cart line's minus and plus (shopping.md §5): minus does nothing at 1, plus stops at the stock
 * and shows the warning. Unavailable presses are aria-disabled, not disabled, so focus stays put.
 */
export function CartStepper({ title, quantity, max, busy, onChange, onLimit }: Props) {
  const { t } = useTranslation();
  const top = max ?? Number.POSITIVE_INFINITY;
  const atMin = quantity <= 1;
  const atMax = quantity >= top;
  const noStock = top <= 0;
  // Minus does nothing at 1 but is not shown as disabled (as on the detail page); plus is.
  const minusOff = busy || noStock;
  const plusOff = busy || atMax;

  return (
    <div className="cart-stepper">
      <div className="d-flex align-items-center gap-1">
        <button
          type="button"
          className={`btn btn-sm btn-outline-secondary ${minusOff ? 'disabled' : ''}`}
          aria-label={t('Decrease quantity of {{title}}', { title })}
          aria-disabled={minusOff || undefined}
          onClick={() => {
            // Below the stock in one step when the stock fell under the line.
            if (!minusOff && !atMin) onChange(Math.max(1, Math.min(quantity - 1, top)));
          }}
        >
          <BsDash aria-hidden="true" />
        </button>
        <output
          className="qty-value fw-bold"
          aria-live="polite"
          aria-label={t('Quantity of {{title}}', { title })}
        >
          {t('{{value, n}}', { value: quantity })}
        </output>
        <button
          type="button"
          className={`btn btn-sm btn-outline-secondary ${plusOff ? 'disabled' : ''}`}
          aria-label={t('Increase quantity of {{title}}', { title })}
          aria-disabled={plusOff || undefined}
          onClick={() => {
            if (atMax) onLimit(top);
            else if (!busy) onChange(quantity + 1);
          }}
        >
          <BsPlus aria-hidden="true" />
        </button>
      </div>
      {!noStock && atMax && (
        <p className="text-warning-emphasis small mt-1 mb-0">{translateText(onlyInStock(top))}</p>
      )}
    </div>
  );
}
