import { toast } from 'react-toastify';
import { t } from '../../i18n/i18n';
import { translateText } from '../../i18n/server-texts';
import { isHttpError, serverMessage } from './auth-errors';

/** Sends a code and reports it the spec's way; resolves true when it was sent. */
export async function sendWithToasts(send: () => Promise<{ message?: string }>): Promise<boolean> {
  try {
    const data = await send();
    toast.success(translateText(data?.message) || t('OTP sent successfully!'));
    return true;
  } catch (error) {
    toast.error(
      isHttpError(error)
        ? translateText(serverMessage(error)) || t('Failed to send OTP')
        : t('An unexpected error occurred'),
    );
    return false;
  }
}
