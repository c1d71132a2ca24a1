import { currentLanguage } from '../i18n/i18n';
import { useTranslation } from '../i18n/use-translation';
import { bsDate, formatShortDate } from '../lib/format-date';

interface Props {
  value: string | null | undefined;
  /** The sentence the day stands in ("Purchased on {{date}}"); the day alone without it. */
  sentence?: string;
}

/**
 * An order, review or sale day: in Nepali its Bikram Sambat day ("२०८३ मंसिर १०"); in English the
 * AD date first, then the BS day beside it, smaller ("Nov 26, 2026 (2083 Mangsir 10 BS)").
 */
export function DayText({ value, sentence }: Props) {
  const { t } = useTranslation();
  const shown = formatShortDate(value);
  const text = sentence ? t(sentence, { date: shown }) : shown;
  if (!value || currentLanguage() === 'ne') return <span>{text}</span>;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00`) : new Date(value);
  if (Number.isNaN(date.getTime())) return <span>{text}</span>;
  return (
    <>
      <span>{text}</span> <span className="small text-body-secondary">({bsDate(date, 'en')} BS)</span>
    </>
  );
}
