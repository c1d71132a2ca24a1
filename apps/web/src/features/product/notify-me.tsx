import { type FormEvent, useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { translateText } from '../../i18n/server-texts';
import { useTranslation } from '../../i18n/use-translation';
import { errorMessage, httpResponse } from '../../lib/api-client';
import { selectIsLoggedIn } from '../auth/auth-slice';
import {
  askBackInStock,
  type BackInStockChannel,
  type BackInStockEntry,
  fetchBackInStock,
  removeBackInStock,
} from '../back-in-stock/back-in-stock-api';

type State =
  | { kind: 'loading' }
  | { kind: 'choosing' }
  | { kind: 'waiting'; entry: BackInStockEntry }
  | { kind: 'unavailable' };

/**
 * "Notify me" on an out-of-stock product (issue 24): a signed-in shopper picks SMS or e-mail and
 * is told once when it is back; the request shows here and can be cancelled. A visitor is sent to
 * log in and comes back to this page.
 */
export function NotifyMe({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const [state, setState] = useState<State>({ kind: loggedIn ? 'loading' : 'choosing' });
  const [channel, setChannel] = useState<BackInStockChannel>('sms');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    if (!loggedIn) return;
    const controller = new AbortController();
    fetchBackInStock(controller.signal).then(
      (entries) => {
        const mine = entries.find((entry) => entry.product === productId);
        setState(mine ? { kind: 'waiting', entry: mine } : { kind: 'choosing' });
      },
      // The list could not be read: the shopper can still ask (a repeat answers the open request).
      () => !controller.signal.aborted && setState({ kind: 'choosing' }),
    );
    return () => controller.abort();
  }, [loggedIn, productId]);

  if (!loggedIn)
    return (
      <div className="mt-3">
        <button
          type="button"
          className="btn btn-outline-success"
          onClick={() => navigate('/login', { state: { back: location.pathname } })}
        >
          {t('Log in to be told when it is back')}
        </button>
      </div>
    );
  if (state.kind === 'loading') return null;

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem('');
    try {
      setState({ kind: 'waiting', entry: await askBackInStock(productId, channel) });
    } catch (error) {
      // In stock again meanwhile: nothing to wait for (the page shows the stock on its next load).
      if (httpResponse(error)?.status === 409) setState({ kind: 'unavailable' });
      setProblem(translateText(errorMessage(error, t('Could not save your request. Please try again.'))));
    } finally {
      setBusy(false);
    }
  };

  const cancel = async (entry: BackInStockEntry) => {
    if (busy) return;
    setBusy(true);
    setProblem('');
    try {
      await removeBackInStock(entry.id);
      setState({ kind: 'choosing' });
    } catch (error) {
      // Already ended (told, or removed elsewhere): nothing is pending any more.
      if (httpResponse(error)?.status === 404) setState({ kind: 'choosing' });
      else setProblem(t('Could not cancel your request. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-3 notify-me">
      {state.kind === 'unavailable' ? null : state.kind === 'waiting' ? (
        <div className="d-flex flex-wrap align-items-center gap-2">
          <p className="mb-0 text-success-emphasis fw-semibold" role="status">
            {state.entry.channel === 'email'
              ? t("We'll e-mail you once when it is back in stock.")
              : t("We'll send you an SMS once when it is back in stock.")}
          </p>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => cancel(state.entry)}
            aria-disabled={busy || undefined}
          >
            {t('Cancel request')}
          </button>
        </div>
      ) : (
        <form onSubmit={ask} className="d-flex flex-wrap align-items-center gap-2">
          <fieldset className="d-flex flex-wrap align-items-center gap-3 m-0">
            <legend className="fs-6 fw-semibold mb-0 float-none w-auto">
              {t('Tell me when it is back, by')}
            </legend>
            {(['sms', 'email'] as const).map((value) => (
              <div key={value} className="form-check mb-0">
                <input
                  className="form-check-input"
                  type="radio"
                  name={`${id}-channel`}
                  id={`${id}-${value}`}
                  value={value}
                  checked={channel === value}
                  onChange={() => setChannel(value)}
                />
                <label className="form-check-label" htmlFor={`${id}-${value}`}>
                  {value === 'sms' ? t('SMS') : t('E-mail')}
                </label>
              </div>
            ))}
          </fieldset>
          <button type="submit" className="btn btn-outline-success" aria-disabled={busy || undefined}>
            {t('Notify me')}
          </button>
        </form>
      )}
      {problem && (
        <p className="text-danger-emphasis small mt-2 mb-0" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
