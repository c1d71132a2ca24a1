import { useId, useState } from 'react';
import { msg } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { updateOrderUpdates } from './profile-api';

interface OrderUpdatesSwitchProps {
  /** The account's setting as the profile read it (absent from an older server: on). */
  enabled: boolean | undefined;
}

/**
 * The profile's switch for the delivery-step messages (packed, on its way, delivered, could not
 * deliver). The receipt, a cancellation and a refund always go, and the hint says so.
 */
export function OrderUpdatesSwitch({ enabled }: OrderUpdatesSwitchProps) {
  const { t } = useTranslation();
  const [on, setOn] = useState(enabled ?? true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const id = useId();

  async function change(next: boolean) {
    setOn(next);
    setBusy(true);
    setError('');
    try {
      await updateOrderUpdates(next);
      toast.success(next ? t('Order updates turned on') : t('Order updates turned off'));
    } catch (failure) {
      // The server kept the old setting: show it again.
      setOn(!next);
      setError(errorMessage(failure, msg('Could not save the setting. Please try again.')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="form-check form-switch text-start small mb-3">
      <input
        id={id}
        className="form-check-input"
        type="checkbox"
        role="switch"
        checked={on}
        aria-checked={on}
        disabled={busy}
        aria-describedby={`${id}-hint`}
        onChange={(event) => change(event.target.checked)}
      />
      <label className="form-check-label" htmlFor={id}>
        {t('Order updates by SMS and email')}
      </label>
      <p id={`${id}-hint`} className="text-body-secondary mb-0">
        {t(
          'A message when your order is packed, on its way and delivered. Receipts, cancellations and refunds are always sent.',
        )}
      </p>
      {error && (
        <p className="text-danger mb-0" role="alert">
          {t(error)}
        </p>
      )}
    </div>
  );
}
