import { useDeferredValue } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../api/queries/use-session';
import { FullPageLoader } from '../components/full-page-loader';
import { AppLayout } from '../layout/app-layout';
import { LoginScreen, TwoFactorScreen } from './auth-screens';

const RESTORING = 'Restoring your session...';

/** Signed-in routes: the shell when signed in; otherwise / goes to /login and any other path shows the login screen. */
export function SignedInRoutes() {
  const query = useSession();
  // The shell and the screen render in a background pass React can pause (a transition): the
  // session's answer is a synchronous store update, and the whole shell in it was one long task on a
  // phone. The loader stays until that pass is done.
  const session = useDeferredValue(query.isPending ? PENDING : (query.data ?? null), PENDING);
  const location = useLocation();
  if (session === PENDING) return <FullPageLoader label={RESTORING} />;
  if (!session) return location.pathname === '/' ? <Navigate to="/login" replace /> : <LoginScreen />;
  if (session.user.twoFactorEnabled && session.session.aal !== 'aal2') return <TwoFactorScreen />;
  return <AppLayout email={session.user.email} />;
}

/** The session before its first answer (null is 'signed out'). */
const PENDING = Symbol('pending');

/** /login and /signup: straight to the dashboard when a session exists. */
export function SignedOutRoutes() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullPageLoader label={RESTORING} />;
  if (session.data) {
    // This page signed in and is on its way elsewhere (sign-up goes to /welcome): the address has
    // changed, but the next screen renders in a transition, and the session's answer, an urgent
    // update, can reach this screen first. Sending the browser to the dashboard then would cut the
    // way short (a CI run landed there: the first run's chunk was never even requested).
    if (window.location.pathname !== location.pathname) return <FullPageLoader label={RESTORING} />;
    return <Navigate to="/dashboard" replace />;
  }
  return <Outlet />;
}
