import { useMemo, useSyncExternalStore } from 'react';
import { languageVersion, onLanguageChange, t } from './i18n';

/**
 * `t` for a component, which renders again when the language changes (react-i18next's hook of the
 * same name, without its 3.4 kB: decision 043).
 */
export function useTranslation() {
  const version = useSyncExternalStore(onLanguageChange, languageVersion, languageVersion);
  // A new function per language, so memoised children and effects that depend on it follow.
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the trigger
  return useMemo(
    () => ({ t: (key: string, options?: Record<string, unknown>) => t(key, options) }),
    [version],
  );
}
