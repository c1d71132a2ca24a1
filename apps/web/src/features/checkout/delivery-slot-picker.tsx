import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { formatShortDate } from '../../lib/format-date';
import { type SlotOption, slotKey } from './use-delivery-slots';

interface Props {
  slots: SlotOption[];
  /** The chosen slot's key (slotKey), or null. */
  value: string | null;
  onChange(key: string | null): void;
  disabled?: boolean;
}

/**
 * Delivery slot: today's and tomorrow's slots of the delivering station (decision 058). Slots that
 * cannot take the order are shown disabled with the reason; the earliest open one is chosen until
 * the shopper picks another. Renders nothing when the station offers no slots.
 */
export function DeliverySlotPicker({ slots, value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const open = slots.filter((s) => s.available);
  const chosenIsOpen = open.some((s) => slotKey(s) === value);
  const first = open[0] ? slotKey(open[0]) : null;
  useEffect(() => {
    if (!chosenIsOpen && value !== first) onChange(first);
  }, [chosenIsOpen, value, first, onChange]);
  if (slots.length === 0) return null;

  const days = [...new Set(slots.map((s) => s.date))];
  return (
    <fieldset className="card card-body mb-3" disabled={disabled}>
      <legend className="h5 mb-3">{t('Delivery Slot')}</legend>
      <div>
        {open.length === 0 && (
          <p className="small text-danger-emphasis" role="alert">
            {t('No delivery slots are left for today or tomorrow. Please try again later.')}
          </p>
        )}
        {days.map((day, index) => (
          <fieldset key={day} className="mb-2">
            <legend className="fs-6 fw-semibold mb-1">
              {index === 0
                ? t('Today, {{date}}', { date: formatShortDate(day) })
                : t('Tomorrow, {{date}}', { date: formatShortDate(day) })}
            </legend>
            {slots
              .filter((s) => s.date === day)
              .map((s) => {
                const key = slotKey(s);
                const id = `slot-${s.id}-${s.date}`;
                const times = `${s.starts}–${s.ends}`;
                const reason =
                  s.reason === 'full' ? t('Full') : s.reason === 'closed' ? t('Closed for orders') : '';
                return (
                  <div className="form-check" key={key}>
                    <input
                      className="form-check-input"
                      type="radio"
                      name="delivery-slot"
                      id={id}
                      value={key}
                      checked={value === key}
                      disabled={!s.available}
                      onChange={() => onChange(key)}
                    />
                    <label className="form-check-label" htmlFor={id}>
                      {times}
                      {reason ? ` (${reason})` : ''}
                    </label>
                  </div>
                );
              })}
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}
