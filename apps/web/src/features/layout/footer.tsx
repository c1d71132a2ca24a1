import { Link } from 'react-router';
import { LogoLink } from '../../components/logo';
import { useTranslation } from '../../i18n/use-translation';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer border-top mt-5 py-4 bg-body-tertiary">
      <div className="container-xl">
        <div className="row g-4">
          <div className="col-12 col-md-4">
            <LogoLink />
            <p className="mt-2 mb-1 small text-body-secondary">
              {t('Groceries and daily needs, delivered across Nepal.')}
            </p>
            <Link to="/delivery-check" className="small link-body-emphasis footer-link">
              {t('Do we deliver to you?')}
            </Link>
          </div>
          <div className="col-12 col-sm-6 col-md-4">
            <h2 className="h6">{t('Call us')}</h2>
            <ul className="list-unstyled small mb-0">
              <li>
                <a className="link-body-emphasis footer-link" href="tel:+97715970000">
                  +977 1-5970000
                </a>
              </li>
              <li>
                <a className="link-body-emphasis footer-link" href="tel:+9779801234567">
                  +977 980-1234567
                </a>
              </li>
            </ul>
          </div>
          <div className="col-12 col-sm-6 col-md-4">
            <h2 className="h6">{t('Need help?')}</h2>
            <a className="small link-body-emphasis footer-link" href="mailto:help@pasal.example">
              help@pasal.example
            </a>
          </div>
        </div>
        <p className="small text-body-secondary mt-4 mb-0">{t('© 2023 Pasal. All rights reserved.')}</p>
      </div>
    </footer>
  );
}
