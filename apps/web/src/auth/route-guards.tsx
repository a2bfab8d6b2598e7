import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../api/queries/use-session';
import { FullPageLoader } from '../components/full-page-loader';
import { AppLayout } from '../layout/app-layout';
import { LoginScreen, TwoFactorScreen } from './auth-screens';

const RESTORING = 'Restoring your session...';

/** Signed-in routes: the shell when signed in; otherwise / goes to /login and any other path shows the login screen. */
export function SignedInRoutes() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullPageLoader label={RESTORING} />;
  if (!session.data) return location.pathname === '/' ? <Navigate to="/login" replace /> : <LoginScreen />;
  if (session.data.user.twoFactorEnabled && session.data.session.aal !== 'aal2') return <TwoFactorScreen />;
  return <AppLayout email={session.data.user.email} />;
}

/** /login and /signup: straight to the dashboard when a session exists. */
export function SignedOutRoutes() {
  const session = useSession();
  if (session.isPending) return <FullPageLoader label={RESTORING} />;
  if (session.data) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
