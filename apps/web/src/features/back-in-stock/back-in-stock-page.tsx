import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { httpResponse } from '../../lib/api-client';
import { productImage, productLink, productName } from '../../lib/product';
import { type BackInStockEntry, fetchBackInStock, removeBackInStock } from './back-in-stock-api';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; entries: BackInStockEntry[] };

/** /profile/alerts: the products the shopper asked to be told about, each with Remove. */
export function BackInStockPage() {
  const { t } = useTranslation();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [removing, setRemoving] = useState<number | null>(null);
  const [problem, setProblem] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt only triggers a reload
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    fetchBackInStock(controller.signal).then(
      (entries) => setLoad({ state: 'loaded', entries }),
      () => !controller.signal.aborted && setLoad({ state: 'failed' }),
    );
    return () => controller.abort();
  }, [attempt]);

  const remove = async (entry: BackInStockEntry) => {
    if (removing !== null) return;
    setRemoving(entry.id);
    setProblem('');
    try {
      await removeBackInStock(entry.id);
    } catch (error) {
      // 404: it ended meanwhile (the product came back): it goes from the list all the same.
      if (httpResponse(error)?.status !== 404) {
        setProblem(t('Could not cancel your request. Please try again.'));
        setRemoving(null);
        return;
      }
    }
    setLoad((current) =>
      current.state === 'loaded'
        ? { state: 'loaded', entries: current.entries.filter((e) => e.id !== entry.id) }
        : current,
    );
    setRemoving(null);
  };

  let body: React.ReactNode;
  if (load.state === 'loading')
    body = (
      <p className="text-body-secondary" role="status">
        {t('Loading...')}
      </p>
    );
  else if (load.state === 'failed')
    body = (
      <div role="alert">
        <p className="text-danger-emphasis">{t('Could not load your stock alerts.')}</p>
        <button type="button" className="btn btn-success" onClick={() => setAttempt((n) => n + 1)}>
          {t('Retry')}
        </button>
      </div>
    );
  else if (load.entries.length === 0)
    body = (
      <p className="text-body-secondary">
        {t('You have no stock alerts. Out-of-stock products have a "Notify me" button.')}
      </p>
    );
  else
    body = (
      <ul className="list-group" aria-label={t('Stock alerts')}>
        {load.entries.map((entry) => {
          const name = productName(entry.item);
          return (
            <li key={entry.id} className="list-group-item d-flex align-items-center gap-3">
              <img
                src={productImage(entry.item)}
                alt=""
                width={56}
                height={56}
                className="rounded object-fit-cover"
              />
              <div className="flex-grow-1 min-w-0">
                <Link
                  to={productLink(entry.item)}
                  className="fw-semibold d-block text-break"
                  lang={name.lang}
                >
                  {name.text}
                </Link>
                <span className="small text-body-secondary">
                  {entry.channel === 'email' ? t('By e-mail, once it is back') : t('By SMS, once it is back')}
                </span>
              </div>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                aria-label={t('Remove {{title}}', { title: name.text })}
                aria-disabled={removing === entry.id || undefined}
                onClick={() => remove(entry)}
              >
                {t('Remove')}
              </button>
            </li>
          );
        })}
      </ul>
    );

  return (
    <section aria-labelledby="stock-alerts-title">
      <h2 id="stock-alerts-title" className="h4 mb-3">
        {t('My stock alerts')}
      </h2>
      {problem && (
        <p className="text-danger-emphasis" role="alert">
          {problem}
        </p>
      )}
      {body}
    </section>
  );
}
