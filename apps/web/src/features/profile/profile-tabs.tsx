import { NavLink } from 'react-router';
import { msg } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';

const tabs = [
  { to: '/profile/orders', label: msg('Orders') },
  { to: '/profile/wishlist', label: msg('Wishlist') },
  { to: '/profile/ratings', label: msg('Ratings') },
  { to: '/profile/alerts', label: msg('Stock alerts') },
];

/** The tab list; the active tab follows the path (/profile alone shows Orders). */
export function ProfileTabs({ ordersByDefault }: { ordersByDefault: boolean }) {
  const { t } = useTranslation();
  return (
    <nav className="list-group mb-3" aria-label={t('Profile sections')}>
      {tabs.map((tab, i) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          className={({ isActive }) =>
            `list-group-item list-group-item-action ${isActive || (ordersByDefault && i === 0) ? 'active' : ''}`
          }
        >
          {t(tab.label)}
        </NavLink>
      ))}
    </nav>
  );
}
