import { chooseLanguage, currentLanguage } from '../i18n/i18n';
import type { Language } from '../i18n/language';
import { useTranslation } from '../i18n/use-translation';

// Each language is named in itself, so a shopper who reads only one finds it.
const CHOICES: { language: Language; name: string }[] = [
  { language: 'en', name: 'English' },
  { language: 'ne', name: 'नेपाली' },
];

/**
 * The language switch of the header and the rider screen: English | नेपाली, the current one
 * pressed. Below 400 px only the other language shows (styles.css), so the header's controls keep
 * to one line on a phone.
 */
export function LanguageSwitch({ onChosen }: { onChosen?: (language: Language) => void }) {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <fieldset className="language-switch d-flex align-items-center small border-0 m-0 p-0">
      <legend className="visually-hidden">{t('Language')}</legend>
      {CHOICES.map(({ language, name }, i) => (
        <span
          key={language}
          className={`d-flex align-items-center ${current === language ? 'language-current' : ''}`}
        >
          {i > 0 && (
            <span className="text-body-secondary language-separator" aria-hidden="true">
              |
            </span>
          )}
          <button
            type="button"
            lang={language}
            className={`btn btn-link btn-sm text-body language-choice ${current === language ? 'fw-bold text-decoration-none' : ''}`}
            aria-pressed={current === language}
            onClick={() => {
              if (current === language) return;
              void chooseLanguage(language).then(() => onChosen?.(language));
            }}
          >
            {name}
          </button>
        </span>
      ))}
    </fieldset>
  );
}
