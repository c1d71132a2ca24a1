import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Avatar } from './avatar';
import { useAvatarUpload } from './use-avatar-upload';

interface AvatarUploadProps {
  image: string | null | undefined;
  name: string;
  onUploaded(image: string | undefined): void;
}

/** The avatar with a "Change picture" file picker under it. */
export function AvatarUpload({ image, name, onUploaded }: AvatarUploadProps) {
  const { t } = useTranslation();
  const id = useId();
  const { upload, uploading } = useAvatarUpload(onUploaded);
  return (
    <div className="d-flex flex-column align-items-center gap-2">
      <Avatar image={image} name={name} />
      <input
        id={id}
        type="file"
        accept="image/*"
        className="visually-hidden"
        disabled={uploading}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void upload(file);
        }}
      />
      <label htmlFor={id} className={`btn btn-sm btn-outline-success ${uploading ? 'disabled' : ''}`}>
        {uploading ? t('Uploading...') : t('Change picture')}
      </label>
    </div>
  );
}
