import { STAFF_ONLY } from '@pasal/contract/admin-common';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { toast } from 'react-toastify';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { LogoLink } from '../../components/logo';
import { PageSpinner } from '../../components/page-spinner';
import { fetchProfile } from '../profile/profile-api';
import { profileLoaded } from '../profile/profile-slice';

/** A signed-in customer who opens the console sees this. */
export function NotAllowedPage() {
  return (
    <main id="main" className="container py-5 text-center">
      <LogoLink className="d-inline-block mb-4" />
      <h1 className="h3">Not allowed</h1>
      <p>{STAFF_ONLY}</p>
      <Link to="/" className="btn btn-success">
        Go to the home page
      </Link>
    </main>
  );
}

type Check = { state: 'checking' } | { state: 'staff' } | { state: 'customer' } | { state: 'failed' };

/**
 * The console's door: a visitor goes to /login, a customer sees the not-allowed page, staff pass.
 * Staff rights are read from the server each time the console opens (the profile's is_staff), so
 * rights withdrawn meanwhile take effect at once; the API refuses non-staff anyway.
 */
export function StaffGuard({ children }: { children: ReactNode }) {
  const access = useAppSelector((s) => s.auth.access);
  const userId = useAppSelector((s) => s.auth.user_id);
  const dispatch = useAppDispatch();
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  const [attempt, setAttempt] = useState(0);
  // The session's user, not its (refreshed) token, decides; a retry checks again.
  const hasAccess = Boolean(access);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger
  useEffect(() => {
    if (!hasAccess) {
      toast.warning('Please log in with a staff account to use the shop console.', {
        toastId: 'admin-login',
      });
      return;
    }
    const controller = new AbortController();
    setCheck({ state: 'checking' });
    fetchProfile(controller.signal).then(
      (profile) => {
        if (controller.signal.aborted) return;
        dispatch(profileLoaded(profile));
        setCheck({ state: profile.user.is_staff ? 'staff' : 'customer' });
      },
      () => !controller.signal.aborted && setCheck({ state: 'failed' }),
    );
    return () => controller.abort();
  }, [userId, hasAccess, attempt, dispatch]);

  if (!access) return <Navigate to="/login" replace />;
  if (check.state === 'checking') return <PageSpinner />;
  if (check.state === 'customer') return <NotAllowedPage />;
  if (check.state === 'failed') {
    return (
      <main id="main" className="container py-5 text-center">
        <h1 className="h3">The console could not be opened</h1>
        <p>Your account could not be checked. Check the connection and try again.</p>
        <button type="button" className="btn btn-success" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      </main>
    );
  }
  return children;
}
