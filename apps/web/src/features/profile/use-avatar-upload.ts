import axios from 'axios';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { msg, t } from '../../i18n/i18n';
import { translateText } from '../../i18n/server-texts';
import { uploadProfilePicture } from './profile-api';

// The server refuses 5 MiB and more; checking here saves the upload.
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;

/** The client checks of accounts-orders.md §5, or undefined when the file may be sent. */
export function checkImageFile(file: File): string | undefined {
  if (!file.type.startsWith('image/')) return msg('Please select an image file');
  if (file.size >= MAX_AVATAR_BYTES) return msg('Image size should be less than 5MB');
  return undefined;
}

function failure(error: unknown): string {
  if (axios.isAxiosError(error)) {
    const data = error.response?.data as { message?: unknown; error?: unknown } | undefined;
    if (typeof data?.message === 'string' && data.message) return data.message;
    if (typeof data?.error === 'string' && data.error) return data.error;
  }
  return msg('Error updating profile picture');
}

/** Uploads a new picture; `onUploaded` runs 500 ms after a success (the profile reload). */
export function useAvatarUpload(onUploaded: (image: string | undefined) => void) {
  const [uploading, setUploading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const upload = async (file: File) => {
    const problem = checkImageFile(file);
    if (problem) {
      toast.error(t(problem));
      return;
    }
    setUploading(true);
    try {
      const res = await uploadProfilePicture(file);
      if (res.data?.success === true || res.status === 200 || res.status === 201) {
        toast.success(translateText(res.data?.message) || t('Profile picture updated successfully'));
        timer.current = setTimeout(() => onUploaded(res.data?.image), 500);
      } else {
        toast.error(translateText(res.data?.message) || t('Failed to update profile picture'));
      }
    } catch (error) {
      toast.error(translateText(failure(error)));
    } finally {
      setUploading(false);
    }
  };
  return { upload, uploading };
}
