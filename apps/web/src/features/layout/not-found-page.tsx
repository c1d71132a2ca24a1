import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { usePageMeta } from '../../lib/use-page-meta';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageMeta(t('Page not found'));
  return (
    <div className="text-center py-5">
      <h1 className="h3">{t('Page not found')}</h1>
      <p>{t('The page you asked for does not exist.')}</p>
      <Link to="/" className="btn btn-success">
        {t('Go to the home page')}
      </Link>
    </div>
  );
}
