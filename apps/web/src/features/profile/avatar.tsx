import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import defaultAvatar from './default-avatar.svg';

/** The profile picture, or the bundled logo when there is none or it fails to load. */
export function Avatar({
  image,
  name,
  size = 112,
}: {
  image: string | null | undefined;
  name: string;
  size?: number;
}) {
  const { t } = useTranslation();
  // Remember which URL failed, so a new picture gets its own chance to load.
  const [failed, setFailed] = useState<string | null>(null);
  const broken = Boolean(image) && failed === image;
  return (
    <img
      src={image && !broken ? image : defaultAvatar}
      alt={name ? t('Profile picture of {{name}}', { name }) : t('Profile picture')}
      width={size}
      height={size}
      className="rounded-circle border object-fit-cover"
      onError={() => setFailed(image ?? null)}
    />
  );
}
