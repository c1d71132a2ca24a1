import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { t } from '../../i18n/i18n';

/**
 * Reads a text value the previous screen put in navigation state. Without it the page shows an
 * error toast and sends the user back to where the flow starts (accounts-orders.md §5).
 */
export function useRequiredState(key: string, message: string, redirectTo: string): string {
  const location = useLocation();
  const navigate = useNavigate();
  const raw = (location.state as Record<string, unknown> | null)?.[key];
  const value = typeof raw === 'string' ? raw : '';
  useEffect(() => {
    if (value) return;
    toast.error(t(message), { toastId: `missing-${key}` });
    navigate(redirectTo, { replace: true });
  }, [value, message, redirectTo, key, navigate]);
  return value;
}
