import type { ProfileData } from '@pasal/contract/profile';
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { toast } from 'react-toastify';
import { useAppSelector } from '../../app/hooks';
import { t as translate } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import { selectIsLoggedIn } from '../auth/auth-slice';
import { EditProfileForm } from './edit-profile-form';
import { fetchProfile } from './profile-api';

interface EditState {
  email?: string | null;
  phone?: string | null;
  profile?: ProfileData;
}

/** /edit-profile: reached from the profile with {email, phone, profile}; loads it when opened directly. */
export function EditProfilePage() {
  const { t } = useTranslation();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const state = (useLocation().state as EditState | null) ?? {};
  const [data, setData] = useState<ProfileData | null | undefined>(state.profile);

  useEffect(() => {
    if (data !== undefined || !loggedIn) return;
    let live = true;
    fetchProfile().then(
      (found) => live && setData(found),
      () => {
        if (!live) return;
        setData(null);
        toast.error(translate('Error fetching profile data'), { toastId: 'edit-profile-load' });
      },
    );
    return () => {
      live = false;
    };
  }, [data, loggedIn]);

  if (!loggedIn) return <Navigate to="/login" replace />;

  return (
    <section className="row justify-content-center py-2">
      <div className="col-lg-8">
        <div className="card shadow-sm">
          <div className="card-body p-4">
            <h1 className="h3 mb-3">{t('Edit Profile')}</h1>
            {data === undefined && <p role="status">{t('Loading profile...')}</p>}
            {data === null && <p>{t('No profile data available')}</p>}
            {data && (
              <EditProfileForm
                data={data}
                email={state.email ?? data.user.email ?? ''}
                phone={state.phone ?? data.user.phone ?? ''}
              />
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
