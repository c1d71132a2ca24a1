import { Link } from 'react-router';
import { useTranslation } from '../i18n/use-translation';

/** The Pasal word mark: the green tile is decoration, the word is the text people see and say. */
export function Logo({ size = 36 }: { size?: number }) {
  return (
    <span className="d-inline-flex align-items-center gap-2 text-success-emphasis fw-bold fs-4">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#198754" />
        <text
          x="32"
          y="44"
          fontSize="36"
          textAnchor="middle"
          fill="#fff"
          fontFamily="Arial, sans-serif"
          fontWeight="700"
        >
          P
        </text>
      </svg>
      <span className="logo-word">Pasal</span>
    </span>
  );
}

/**
 * The logo as the link home. Its name comes from its content, "Pasal home", so it begins with the
 * word on screen (WCAG 2.5.3 Label in Name: a speech user says "click Pasal").
 */
export function LogoLink({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className={`logo-link text-decoration-none ${className}`}>
      <Logo /> <span className="visually-hidden">{t('home')}</span>
    </Link>
  );
}
