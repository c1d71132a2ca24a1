import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { useApplyTheme } from '../features/theme/use-apply-theme';
import { useTranslation } from '../i18n/use-translation';
import { setNavigator } from '../lib/navigation';
import { CardControls } from './card-controls';
import { ScrollRestoration } from './scroll-restoration';

/** The top route: bridges navigation for code outside React and keeps the theme applied. */
export function RootRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useApplyTheme();
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
    </>
  );
}
