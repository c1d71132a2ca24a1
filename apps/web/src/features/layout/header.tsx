import { useRef } from 'react';
import { BsCart3, BsHeart, BsPersonCircle } from 'react-icons/bs';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { LanguageSwitch } from '../../components/language-switch';
import { LogoLink } from '../../components/logo';
import { useTranslation } from '../../i18n/use-translation';
import { publicClient } from '../../lib/api-client';
import { loggedOut, selectIsLoggedIn } from '../auth/auth-slice';
import { selectCartCount } from '../cart/cart-slice';
import { updateLanguage } from '../profile/profile-api';
import { selectIsStaff } from '../profile/profile-slice';
import { selectWishlistCount } from '../wishlist/wishlist-slice';
import { AccountMenu } from './account-menu';
import { SearchForm } from './search-form';
import { ThemeToggle } from './theme-toggle';
import { useHideOnScroll } from './use-hide-on-scroll';
import { useScrollPaddingFor } from './use-scroll-padding';

export function Header() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const isStaff = useAppSelector(selectIsStaff);
  const refresh = useAppSelector((s) => s.auth.refresh);
  const cartCount = useAppSelector(selectCartCount);
  const wishlistCount = useAppSelector(selectWishlistCount);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const headerRef = useRef<HTMLElement>(null);
  useScrollPaddingFor(headerRef);
  useHideOnScroll(headerRef, cartCount);

  const logout = () => {
    // Revoke on the server when possible; the local session ends either way.
    if (refresh) publicClient.post('/logout/', { refresh }).catch(() => {});
    dispatch(loggedOut());
    navigate('/');
  };

  // Visitors see the profile and wishlist icons disabled; they lead to /login.
  const guarded = (to: string) => (loggedIn ? to : '/login');

  return (
    <header ref={headerRef} className="site-header border-bottom bg-body sticky-top">
      <div className="container-xl d-flex flex-wrap align-items-center gap-2 py-2">
        <LogoLink className="me-0 me-sm-2" />
        <div className="order-last order-md-0 flex-grow-1 header-search-wrap">
          <SearchForm />
        </div>
        <nav
          className="header-nav d-flex align-items-center justify-content-end gap-0 gap-sm-1 ms-auto"
          aria-label={t('Account and cart')}
        >
          {/* A logged-in customer's choice goes on the account too, so SMS and e-mail follow it;
              the device keeps it whatever the server answers. */}
          <LanguageSwitch
            onChosen={loggedIn ? (language) => void updateLanguage(language).catch(() => {}) : undefined}
          />
          <ThemeToggle />
          {loggedIn && isStaff && (
            <Link to="/admin" className="btn btn-sm btn-outline-success nav-icon-wide">
              {t('Console')}
            </Link>
          )}
          {/* The account menu (logged in) and "Sign In / Account" (a visitor) lead where this icon
              does: on a phone it gives way so the header's controls keep to one line. */}
          <Link
            to={guarded('/profile/orders')}
            className={`nav-icon nav-icon-wide p-1 ${loggedIn ? '' : 'nav-icon-disabled'}`}
            aria-label={loggedIn ? t('My orders and profile') : t('Profile (log in first)')}
          >
            <BsPersonCircle aria-hidden="true" />
          </Link>
          <Link
            to={guarded('/profile/wishlist')}
            className={`nav-icon p-1 position-relative ${loggedIn ? '' : 'nav-icon-disabled'}`}
            aria-label={
              loggedIn
                ? t('Wishlist, {{count, n}} items', { count: wishlistCount })
                : t('Wishlist, {{count, n}} items (log in first)', { count: wishlistCount })
            }
          >
            <BsHeart aria-hidden="true" />
            {wishlistCount > 0 && (
              <span className="badge rounded-pill bg-danger icon-badge" aria-hidden="true">
                {t('{{value, n}}', { value: wishlistCount })}
              </span>
            )}
          </Link>
          {loggedIn ? (
            <AccountMenu onLogout={logout} isStaff={isStaff} />
          ) : (
            <Link to="/login" className="text-body text-decoration-none small px-1">
              {t('Sign In / Account')}
            </Link>
          )}
          <Link
            to="/cart"
            id="header-cart-icon"
            className="nav-icon p-1 position-relative"
            aria-label={t('Cart, {{count, n}} items', { count: cartCount })}
          >
            <BsCart3 aria-hidden="true" />
            <span
              className="badge rounded-pill bg-success icon-badge"
              data-testid="cart-count"
              aria-hidden="true"
            >
              {t('{{value, n}}', { value: cartCount })}
            </span>
          </Link>
        </nav>
      </div>
    </header>
  );
}
