import { useLocation } from 'react-router';
import { msg } from '../i18n/i18n';
import { useTranslation } from '../i18n/use-translation';
import { dismissInstall, installWanted } from './install-timing';
import { installApp, isCheckingOut, reloadToUpdate, useOnline, usePwaState } from './pwa-state';

export const OFFLINE_NOTICE = msg(
  "You're offline: showing what this phone has kept. Changes are sent when the connection returns.",
);
export const UPDATE_READY = msg('A new version is ready:');

/** The quiet notes at the foot of the screen: offline, a new version, the install offer. */
export function PwaNotices() {
  const { t } = useTranslation();
  const online = useOnline();
  const { updateReady, installable } = usePwaState();
  const { pathname } = useLocation();
  const checkingOut = isCheckingOut(pathname);
  const offerUpdate = updateReady && !checkingOut;
  const offerInstall = installable && online && !offerUpdate && !checkingOut && installWanted();

  return (
    <div className="pwa-notices">
      {/* Always in the page, so screen readers hear the change when it comes. */}
      <div role="status" className="pwa-notice-slot">
        {!online && <p className="pwa-notice mb-0">{t(OFFLINE_NOTICE)}</p>}
        {offerUpdate && (
          <p className="pwa-notice mb-0">
            {t(UPDATE_READY)}{' '}
            <button type="button" className="btn btn-sm btn-success" onClick={reloadToUpdate}>
              {t('reload')}
            </button>
          </p>
        )}
      </div>
      {offerInstall && (
        <section className="pwa-notice" aria-label={t('Install Pasal')}>
          <span>{t('Add Pasal to your home screen: it opens fast and works on a weak line.')}</span>{' '}
          <button type="button" className="btn btn-sm btn-success" onClick={() => void installApp()}>
            {t('Install')}
          </button>{' '}
          <button type="button" className="btn btn-sm btn-link" onClick={dismissInstall}>
            {t('Not now')}
          </button>
        </section>
      )}
    </div>
  );
}
