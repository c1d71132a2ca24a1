import { useEffect, useRef, useState } from 'react';
import { msg } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';

export const ORDER_FILTERS = [
  { key: 'all', label: msg('All Orders') },
  { key: 'delivered', label: msg('Delivered Products') },
  { key: 'process', label: msg('Cancellation Process') },
  { key: 'cancelled', label: msg('Cancelled Orders') },
] as const;

export type OrderFilter = (typeof ORDER_FILTERS)[number]['key'];

interface OrderFiltersProps {
  value: OrderFilter;
  onChange(value: OrderFilter): void;
}

/** A sidebar on wide screens, a dropdown on narrow ones that closes on a click outside it. */
export function OrderFilters({ value, onChange }: OrderFiltersProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const dropdown = useRef<HTMLDivElement>(null);
  const current = ORDER_FILTERS.find((f) => f.key === value) ?? ORDER_FILTERS[0];

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | TouchEvent) => {
      if (!dropdown.current?.contains(event.target as Node)) setOpen(false);
    };
    const onEscape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', close);
    document.addEventListener('touchstart', close);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('touchstart', close);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open]);

  const pick = (key: OrderFilter) => {
    onChange(key);
    setOpen(false);
  };

  return (
    <>
      <nav className="d-none d-md-block list-group" aria-label={t('Order filters')}>
        {ORDER_FILTERS.map((f) => (
          <button
            key={f.key}
            type="button"
            className={`list-group-item list-group-item-action ${f.key === value ? 'active' : ''}`}
            aria-current={f.key === value ? 'true' : undefined}
            onClick={() => pick(f.key)}
          >
            {t(f.label)}
          </button>
        ))}
      </nav>
      <div className="d-md-none dropdown mb-3" ref={dropdown}>
        <button
          type="button"
          className="btn btn-outline-success dropdown-toggle w-100"
          aria-label={t('Order filter: {{filter}}', { filter: t(current.label) })}
          aria-expanded={open}
          aria-controls="order-filter-menu"
          onClick={() => setOpen((o) => !o)}
        >
          {t(current.label)}
        </button>
        <ul id="order-filter-menu" className={`dropdown-menu w-100 ${open ? 'show' : ''}`}>
          {ORDER_FILTERS.map((f) => (
            <li key={f.key}>
              <button
                type="button"
                className={`dropdown-item ${f.key === value ? 'active' : ''}`}
                aria-current={f.key === value ? 'true' : undefined}
                onClick={() => pick(f.key)}
              >
                {t(f.label)}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
