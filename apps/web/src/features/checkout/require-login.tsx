import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { msg } from '../../i18n/i18n';
import { toast } from '../../lib/toast';

/** Checkout guard (shopping.md §6): no access token, a 3 s warning and /login. */
export function RequireLogin() {
  const access = useAppSelector((s) => s.auth.access);
  useEffect(() => {
    if (!access)
      toast.warning(msg('Please log in for checkout'), { autoClose: 3000, toastId: 'checkout-login' });
  }, [access]);
  return access ? <Outlet /> : <Navigate to="/login" replace />;
}
