import { useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { paths } from '@/app/paths';
import { Spinner } from '@/components/ui/spinner';
import { refreshSession } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';

type Decision = 'deciding' | 'in' | 'home' | 'signin';

export interface ProtectedRouteProps {
  /** Quiz, match and waitlist need a verified email (spec section 6); profile and premium only a session. */
  requireVerified?: boolean;
}

/**
 * Spec "Protected-route behaviour": a token lets the user in; otherwise Remember me tries one refresh
 * (unverified → home, failure → sign in); without either, straight to sign in.
 */
export function ProtectedRoute({ requireVerified = false }: ProtectedRouteProps) {
  const { auth, persist, signedOutTo } = useAuth();
  const [decision, setDecision] = useState<Decision>(() =>
    auth?.accessToken ? 'in' : persist ? 'deciding' : 'signin',
  );

  useEffect(() => {
    if (decision !== 'deciding') return;
    let current = true;
    refreshSession().then(
      (restored) => current && setDecision(restored.verification ? 'in' : 'home'),
      () => current && setDecision('signin'),
    );
    return () => {
      current = false;
    };
  }, [decision]);

  if (decision === 'deciding') {
    return (
      <div className="fullscreen-center" role="status" aria-live="polite">
        <Spinner size="lg" label="" />
        <p>Loading...</p>
      </div>
    );
  }
  if (decision === 'home') return <Navigate to={paths.home} replace />;
  // Signed out while on the page (logout, or a refused token refresh): back to sign in.
  if (decision === 'signin' || !auth?.accessToken)
    return <Navigate to={signedOutTo ?? paths.signin} replace />;
  if (requireVerified && !auth.verification) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}
