import { useTranslation } from '../../i18n/use-translation';

interface Props {
  /** An add is running (the shared `useAddToCart` state). */
  adding: boolean;
  outOfStock: boolean;
  onAdd(): void;
  className?: string;
}

/**
 * The detail page's Add to Cart: the page's own and the sticky bar's are this one button, fed by
 * the same `useAddToCart`, so both add the chosen quantity and both wait while an add runs.
 */
export function AddToCartButton({ adding, outOfStock, onAdd, className = '' }: Props) {
  const { t } = useTranslation();
  return (
    // Busy buttons are aria-disabled, not disabled, so keyboard focus stays on them.
    <button
      type="button"
      className={`btn btn-success ${adding ? 'disabled' : ''} ${className}`}
      onClick={() => !adding && onAdd()}
      disabled={outOfStock}
      aria-disabled={adding || undefined}
    >
      {t('Add to Cart')}
    </button>
  );
}
