import { BsMoonStarsFill, BsSunFill } from 'react-icons/bs';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useTranslation } from '../../i18n/use-translation';
import { selectThemeMode, themeToggled } from '../theme/theme-slice';

/** The header's light/dark switch. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const mode = useAppSelector(selectThemeMode);
  const dispatch = useAppDispatch();
  const label = mode === 'light' ? t('Switch to dark mode') : t('Switch to light mode');
  return (
    <button
      type="button"
      className="btn btn-link nav-icon p-1"
      onClick={() => dispatch(themeToggled())}
      aria-label={label}
      title={label}
    >
      {mode === 'light' ? <BsMoonStarsFill aria-hidden="true" /> : <BsSunFill aria-hidden="true" />}
    </button>
  );
}
