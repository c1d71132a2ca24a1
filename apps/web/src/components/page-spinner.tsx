import { useTranslation } from '../i18n/use-translation';
export function PageSpinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="d-flex justify-content-center align-items-center gap-2 py-5" role="status">
      <span className="spinner-border text-success-emphasis" aria-hidden="true" />
      <span>{label ?? t('Loading...')}</span>
    </div>
  );
}
