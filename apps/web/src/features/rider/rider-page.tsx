import type { RiderOrder, RiderOrderList } from '@pasal/contract/riders';
import { useCallback, useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { LanguageSwitch } from '../../components/language-switch';
import { msg } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import { httpResponse } from '../../lib/api-client';
import { slotText } from '../../lib/slot-text';
import { updateLanguage } from '../profile/profile-api';
import { fetchRiderOrders } from './rider-api';
import { RiderOrderCard } from './rider-order-card';
import './rider.css';

type State =
  | { state: 'loading' }
  | { state: 'ready'; list: RiderOrderList }
  | { state: 'refused' }
  | { state: 'failed' };

/**
 * /rider: the rider's deliveries for a 360 px phone in sunlight (large targets, high contrast, light
 * whatever the theme), in English or Nepali as the storefront's switch, which it shows too.
 */
export function RiderPage() {
  const access = useAppSelector((s) => s.auth.access);
  const { t } = useTranslation();
  const [view, setView] = useState<State>({ state: 'loading' });
  const load = useCallback((signal?: AbortSignal) => {
    fetchRiderOrders(signal).then(
      (list) => !signal?.aborted && setView({ state: 'ready', list }),
      (error) => {
        if (signal?.aborted) return;
        setView({ state: httpResponse(error)?.status === 403 ? 'refused' : 'failed' });
      },
    );
  }, []);
  useEffect(() => {
    if (!access) return;
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [access, load]);

  if (!access) return <Navigate to="/login" replace />;
  return (
    <main id="main" className="rider-page" data-bs-theme="light">
      <div className="rider-top">
        <h1 className="rider-title">{t('My deliveries')}</h1>
        {/* The rider's account follows the choice too, as a customer's does from the header. */}
        <LanguageSwitch onChosen={(language) => void updateLanguage(language).catch(() => {})} />
      </div>
      {view.state === 'loading' && <p>{t('Loading...')}</p>}
      {view.state === 'refused' && <p>{t('Only delivery riders can use the rider screen.')}</p>}
      {view.state === 'failed' && (
        <p>
          {t('The deliveries could not be loaded.')}{' '}
          <button type="button" className="rider-button" onClick={() => load()}>
            {t('Try again')}
          </button>
        </p>
      )}
      {view.state === 'ready' && view.list.orders.length === 0 && (
        <p>{t('No deliveries assigned to you.')}</p>
      )}
      {view.state === 'ready' &&
        slotGroups(view.list.orders).map((group) => (
          <section key={group.key} aria-labelledby={`rider-group-${group.key}`}>
            <h2 id={`rider-group-${group.key}`} className="rider-group-title">
              {group.slot ? slotText(group.slot) : t(group.title)}
            </h2>
            {group.orders.map((order) => (
              <RiderOrderCard key={order.id} order={order} onChanged={() => load()} />
            ))}
          </section>
        ))}
    </main>
  );
}

interface Group {
  key: string;
  /** Shown through t() when the group is not a slot's. */
  title: string;
  slot: RiderOrder['slot'];
  orders: RiderOrder[];
}

/**
 * The server's order (slot by slot, the delivered ones last) cut into headed groups: one per
 * delivery slot, "No slot" for orders placed without one, and "Delivered today".
 */
function slotGroups(orders: RiderOrder[]): Group[] {
  const groups: Group[] = [];
  for (const order of orders) {
    const delivered = order.order_status === 'Delivered';
    const key = delivered ? 'delivered' : order.slot ? `${order.slot.date}-${order.slot.starts}` : 'none';
    const title = delivered ? msg('Delivered today') : msg('No delivery slot');
    const last = groups[groups.length - 1];
    if (last?.key === key) last.orders.push(order);
    else groups.push({ key, title, slot: delivered ? null : order.slot, orders: [order] });
  }
  return groups;
}
