import { useEffect } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectThemeMode } from './theme-slice';

/** Keeps Bootstrap's colour mode on <html> in step with the stored theme. */
export function useApplyTheme() {
  const mode = useAppSelector(selectThemeMode);
  useEffect(() => {
    document.documentElement.setAttribute('data-bs-theme', mode);
  }, [mode]);
}
