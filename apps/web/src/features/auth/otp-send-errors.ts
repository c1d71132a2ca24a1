import { toast } from 'react-toastify';
import { isHttpError, serverMessage } from './auth-errors';

/** Sends a code and reports it the spec's way; resolves true when it was sent. */
export async function sendWithToasts(send: () => Promise<{ message?: string }>): Promise<boolean> {
  try {
    const data = await send();
    toast.success(data?.message || 'OTP sent successfully!');
    return true;
  } catch (error) {
    toast.error(
      isHttpError(error) ? serverMessage(error) || 'Failed to send OTP' : 'An unexpected error occurred',
    );
    return false;
  }
}
