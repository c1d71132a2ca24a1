import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import './admin.css';
import { AdminErrorBoundary } from './admin-error-boundary';
import { ADMIN_NAV } from './admin-nav';
import { NewOrderAlert } from './new-orders/new-order-alert';

/** The console's frame: a top bar, the menu (a toggled panel below the md breakpoint) and the screen. */
export function AdminLayout() {
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // A chosen link closes the menu on small screens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <div className="admin-shell">
      <header className="navbar bg-body border-bottom d-print-none">
        <div className="container-fluid gap-2">
          <Link to="/admin" className="navbar-brand fw-semibold">
            Pasal console
          </Link>
          <div className="d-flex align-items-center gap-2 ms-auto flex-wrap justify-content-end">
            <NewOrderAlert />
            <Link to="/" className="btn btn-sm btn-outline-secondary">
              Back to the shop
            </Link>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary d-md-none"
              aria-expanded={menuOpen}
              aria-controls="admin-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              Menu
            </button>
          </div>
        </div>
      </header>
      <div className="container-fluid">
        <div className="row">
          <nav
            id="admin-menu"
            aria-label="Console"
            className={`col-md-3 col-xl-2 border-end py-3 d-print-none ${menuOpen ? 'd-block' : 'd-none'} d-md-block`}
          >
            {ADMIN_NAV.map((section) => (
              <div key={section.group} className="mb-3">
                <h2 className="h6 text-body-secondary text-uppercase small px-2">{section.group}</h2>
                <ul className="nav nav-pills flex-column">
                  {section.links.map((link) => (
                    <li key={link.to} className="nav-item">
                      <NavLink to={link.to} end={link.to === '/admin'} className="nav-link py-1">
                        {link.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
          <main id="main" className="col-md-9 col-xl-10 py-3 admin-main">
            <AdminErrorBoundary key={location.pathname}>
              <Suspense fallback={<PageSpinner />}>
                <Outlet />
              </Suspense>
            </AdminErrorBoundary>
          </main>
        </div>
      </div>
    </div>
  );
}

/** An unknown console path. */
export function AdminNotFound() {
  return (
    <div className="py-4">
      <h1 className="h3">Page not found</h1>
      <p>The console has no such page.</p>
      <Link to="/admin" className="btn btn-success">
        Go to the dashboard
      </Link>
    </div>
  );
}
