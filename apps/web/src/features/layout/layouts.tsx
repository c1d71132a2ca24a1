import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { CategoryStrip } from './category-strip';
import { Footer } from './footer';
import { Header } from './header';

function Layout({ withCategories }: { withCategories: boolean }) {
  return (
    <>
      <Header />
      {withCategories && <CategoryStrip />}
      <main id="main" className="site-main container-xl py-3">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
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
