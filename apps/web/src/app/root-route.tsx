import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { sendOfflineChanges } from '../features/cart/offline-cart';
import { useApplyTheme } from '../features/theme/use-apply-theme';
import { useTranslation } from '../i18n/use-translation';
import { setNavigator } from '../lib/navigation';
import { PwaNotices } from '../pwa/pwa-notices';
import { CardControls } from './card-controls';
import { useAppDispatch } from './hooks';
import { ScrollRestoration } from './scroll-restoration';

/** The customer's cart changes made offline go when the line returns (and at start, if online). */
function useSendOfflineChanges() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const send = () => {
      if (navigator.onLine) void dispatch(sendOfflineChanges());
    };
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [dispatch]);
}

/** The top route: bridges navigation for code outside React and keeps the theme applied. */
export function RootRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useApplyTheme();
  useSendOfflineChanges();
  useEffect(() => {
    setNavigator((to) => navigate(to));
    return () => setNavigator(null);
  }, [navigate]);
  return (
    <>
      <a href="#main" className="visually-hidden-focusable">
        {t('Skip to content')}
      </a>
      <CardControls>
        {/* The pages without a layout (the layouts have their own, under the header). */}
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </CardControls>
      <ScrollRestoration />
      <PwaNotices />
    </>
  );
}
