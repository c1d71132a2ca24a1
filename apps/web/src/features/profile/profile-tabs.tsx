import { NavLink } from 'react-router';

const tabs = [
  { to: '/profile/orders', label: 'Orders' },
  { to: '/profile/wishlist', label: 'Wishlist' },
  { to: '/profile/ratings', label: 'Ratings' },
];

/** The tab list; the active tab follows the path (/profile alone shows Orders). */
export function ProfileTabs({ ordersByDefault }: { ordersByDefault: boolean }) {
  return (
    <nav className="list-group mb-3" aria-label="Profile sections">
      {tabs.map((tab, i) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          className={({ isActive }) =>
            `list-group-item list-group-item-action ${isActive || (ordersByDefault && i === 0) ? 'active' : ''}`
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
