import { Suspense, useEffect, useMemo } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { OfflinePage } from '../../pwa/offline-page';
import { noteSeen, opensOffline } from '../../pwa/seen-pages';
import { CategoryStrip } from './category-strip';
import { Footer } from './footer';
import { Header } from './header';

/**
 * The page at this address, or the offline page when it was opened offline and this phone has not
 * kept it. Decided when the address changes: a page already open stays when the line drops.
 */
function PageOrOffline() {
  const { pathname, search, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: decided once per navigation (key)
  const offline = useMemo(() => !navigator.onLine && !opensOffline(pathname, search), [key]);
  useEffect(() => {
    if (navigator.onLine) noteSeen(pathname, search);
  }, [pathname, search]);
  return offline ? <OfflinePage /> : <Outlet />;
}

function Layout({ withCategories }: { withCategories: boolean }) {
  return (
    <>
      <Header />
      {withCategories && <CategoryStrip />}
      <main id="main" className="site-main container-xl py-3">
        <Suspense fallback={<PageSpinner />}>
          <PageOrOffline />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}

/** Header, category strip and footer: home, category and detail pages. */
export function MainLayout() {
  return <Layout withCategories />;
}

/** Header and footer without the category strip: account, cart, search and list pages. */
export function AccountLayout() {
  return <Layout withCategories={false} />;
}
