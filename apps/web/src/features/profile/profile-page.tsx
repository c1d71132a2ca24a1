import type { ProfileData } from '@pasal/contract/profile';
import axios from 'axios';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useMatch, useNavigate, useOutlet } from 'react-router';
import { toast } from 'react-toastify';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useTranslation } from '../../i18n/use-translation';
import { selectIsLoggedIn } from '../auth/auth-slice';
import { fetchProfile, UnexpectedProfileShape } from './profile-api';
import { ProfileCard } from './profile-card';
import { profileLoaded, selectProfile } from './profile-slice';
import { ProfileTabs } from './profile-tabs';

type Load = { state: 'loading' } | { state: 'loaded'; data: ProfileData } | { state: 'empty' };

/** /profile: the card and the Orders, Wishlist, Ratings and Stock alerts tabs. */
export function ProfilePage() {
  const { t } = useTranslation();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const location = useLocation();
  const navigate = useNavigate();
  const outlet = useOutlet();
  // The wishlist tab shows its own visitor state ("Please login"); the rest go to /login.
  const visitorView = useMatch('/profile/wishlist') !== null;
  const dispatch = useAppDispatch();
  // The profile loaded at login shows at once; the page still loads it afresh.
  const loadedAtLogin = useAppSelector(selectProfile);
  const [load, setLoad] = useState<Load>(
    loadedAtLogin ? { state: 'loaded', data: loadedAtLogin } : { state: 'loading' },
  );
  const [version, setVersion] = useState(0);
  // Arriving with reload=true (after an edit) loads again even if this page stayed mounted.
  const reloadKey = (location.state as { reload?: boolean } | null)?.reload ? location.key : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey and version only trigger a reload
  useEffect(() => {
    if (!loggedIn) return;
    const controller = new AbortController();
    setLoad((current) => (current.state === 'loaded' ? current : { state: 'loading' }));
    fetchProfile(controller.signal).then(
      (data) => {
        setLoad({ state: 'loaded', data });
        dispatch(profileLoaded(data));
      },
      (error) => {
        if (controller.signal.aborted || axios.isCancel(error)) return;
        setLoad({ state: 'empty' });
        // A 401 that survived the refresh already ended the session with its own notice.
        if (axios.isAxiosError(error) && error.response?.status === 401) return;
        toast.error(
          error instanceof UnexpectedProfileShape
            ? t('Failed to fetch profile data')
            : t('Error fetching profile data'),
        );
      },
    );
    return () => controller.abort();
  }, [loggedIn, version, reloadKey, dispatch]);

  if (!loggedIn)
    return visitorView ? (
      <div className="py-2">
        <h1 className="visually-hidden">{t('My Profile')}</h1>
        {outlet}
      </div>
    ) : (
      <Navigate to="/login" replace />
    );

  return (
    <div className="row g-3 py-2">
      <h1 className="visually-hidden">{t('My Profile')}</h1>
      <div className="col-lg-4">
        {load.state === 'loading' && (
          <p className="text-center text-body-secondary py-4" role="status">
            {t('Loading profile...')}
          </p>
        )}
        {load.state === 'empty' && (
          <p className="text-center text-body-secondary py-4">{t('No profile data available')}</p>
        )}
        {load.state === 'loaded' && (
          <ProfileCard
            data={load.data}
            onPictureChanged={() => setVersion((v) => v + 1)}
            onEmailVerified={() => setVersion((v) => v + 1)}
            onEdit={() =>
              navigate('/edit-profile', {
                state: { email: load.data.user.email, phone: load.data.user.phone, profile: load.data },
              })
            }
          />
        )}
        <ProfileTabs ordersByDefault={/^\/profile\/?$/.test(location.pathname)} />
      </div>
      <div className="col-lg-8">{outlet}</div>
    </div>
  );
}
