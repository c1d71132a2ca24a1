import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { useApplyTheme } from '../features/theme/use-apply-theme';
import { setNavigator } from '../lib/navigation';
import { CardControls } from './card-controls';

/** The top route: bridges navigation for code outside React and keeps the theme applied. */
export function RootRoute() {
  const navigate = useNavigate();
  useApplyTheme();
  useEffect(() => {
    setNavigator((to) => navigate(to));
    return () => setNavigator(null);
  }, [navigate]);
  return (
    <>
      <a href="#main" className="visually-hidden-focusable">
        Skip to content
      </a>
      <CardControls>
        <Outlet />
      </CardControls>
      <ScrollRestoration />
    </>
  );
}
