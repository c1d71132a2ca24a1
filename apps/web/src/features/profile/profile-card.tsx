import type { ProfileData } from '@pasal/contract/profile';
import { useTranslation } from '../../i18n/use-translation';
import { formatShortDate } from '../../lib/format-date';
import { AvatarUpload } from './avatar-upload';
import { EmailVerification } from './email-verification';
import { OrderUpdatesSwitch } from './order-updates-switch';

export function fullName(user: ProfileData['user']): string {
  return [user.first_name, user.middle_name, user.last_name].filter((part) => part?.trim()).join(' ');
}

/** A short handle: the e-mail's local part, else the phone. */
export function handleOf(user: ProfileData['user']): string {
  const base = user.email?.split('@')[0] || user.phone || '';
  return base ? `@${base}` : '';
}

interface ProfileCardProps {
  data: ProfileData;
  onEdit(): void;
  onPictureChanged(): void;
  /** The e-mail was proved: the profile loads again. */
  onEmailVerified(): void;
}

/** Avatar, full name, handle, e-mail, date of birth, gender and phone. */
export function ProfileCard({ data, onEdit, onPictureChanged, onEmailVerified }: ProfileCardProps) {
  const { t } = useTranslation();
  const { user, profile } = data;
  const name = fullName(user);
  const rows: [string, string][] = [
    [t('Email'), user.email ? `${user.email}${user.email_verified ? ` ${t('(verified)')}` : ''}` : ''],
    [t('Phone'), user.phone ?? ''],
    [t('Date of birth'), formatShortDate(profile.date_of_birth)],
    [t('Gender'), profile.gender ? t(profile.gender) : ''],
  ];
  return (
    <section className="card shadow-sm mb-3" aria-labelledby="profile-name">
      <div className="card-body text-center">
        <AvatarUpload image={profile.image} name={name} onUploaded={onPictureChanged} />
        <h2 id="profile-name" className="h4 mt-3 mb-0">
          {name}
        </h2>
        <p className="text-body-secondary small">{handleOf(user)}</p>
        <dl className="text-start small mb-3">
          {rows.map(([label, value]) => (
            <div key={label} className="d-flex justify-content-between border-bottom py-1 gap-2">
              <dt className="fw-normal text-body-secondary">{label}</dt>
              <dd className="mb-0 text-end text-break">{value || '—'}</dd>
            </div>
          ))}
        </dl>
        {user.email && user.email_verified === false && (
          <EmailVerification email={user.email} onVerified={onEmailVerified} />
        )}
        <OrderUpdatesSwitch enabled={user.order_updates} />
        <button type="button" className="btn btn-outline-success btn-sm" onClick={onEdit}>
          {t('Edit Profile')}
        </button>
      </div>
    </section>
  );
}
