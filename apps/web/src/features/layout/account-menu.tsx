import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { msg } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';

interface Props {
  onLogout(): void;
  /** Staff also find the console here: on a phone the header's Console button gives way. */
  isStaff?: boolean;
}

const LINKS = [
  { to: '/profile', label: msg('Account') },
  { to: '/profile/orders', label: msg('Orders') },
  { to: '/profile/wishlist', label: msg('Wishlist') },
] as const;

/**
 * The spec's "Logout / Account" toggle opens a small menu (Account, Orders, Wishlist, Log out)
 * instead of logging out at once (decision 047). A disclosure, not an ARIA menu: plain links and a
 * button that Tab reaches; Escape and a click elsewhere close it.
 */
export function AccountMenu({ onLogout, isStaff = false }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={wrap} className="account-menu position-relative">
      <button
        ref={toggle}
        type="button"
        className="btn btn-link text-body text-decoration-none small px-1"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {t('Logout / Account')}
      </button>
      {open && (
        <ul id={id} className="account-menu-list list-unstyled border rounded bg-body shadow-sm py-1 mb-0">
          {[...LINKS, ...(isStaff ? [{ to: '/admin', label: msg('Console') }] : [])].map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="d-block px-3 py-2 text-body" onClick={() => setOpen(false)}>
                {t(link.label)}
              </Link>
            </li>
          ))}
          <li className="border-top">
            <button
              type="button"
              className="btn btn-link d-block w-100 text-start px-3 py-2 text-body text-decoration-none"
              onClick={() => {
                setOpen(false);
                onLogout();
              }}
            >
              {t('Log out')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
