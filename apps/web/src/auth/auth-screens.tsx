import { type ComponentType, lazy, Suspense } from 'react';
import { FullPageLoader } from '../components/full-page-loader';
import { useDocumentTitle } from '../components/use-document-title';

/**
 * The signed-out screens load on demand like the others: a signed-in visit (most visits) never
 * downloads them, and main.tsx fetches the one in the address bar at boot.
 */
export const authScreenLoaders = {
  '/login': () => import('../features/login/login.page').then((m) => ({ default: m.LoginPage })),
  '/signup': () => import('../features/signup/signup.page').then((m) => ({ default: m.SignupPage })),
  '/forgot-password': () =>
    import('../features/password-reset/forgot-password.page').then((m) => ({
      default: m.ForgotPasswordPage,
    })),
  '/reset-password': () =>
    import('../features/password-reset/reset-password.page').then((m) => ({ default: m.ResetPasswordPage })),
};
const twoFactor = () =>
  import('../features/two-factor/two-factor.page').then((m) => ({ default: m.TwoFactorPage }));

/** A signed-out screen, named in the browser tab ('Sign in — OCX') while its code still loads. */
function withLoader(load: () => Promise<{ default: ComponentType }>, title: string): ComponentType {
  const Screen = lazy(load);
  return function AuthScreen() {
    useDocumentTitle(title);
    return (
      <Suspense fallback={<FullPageLoader label="Loading..." />}>
        <Screen />
      </Suspense>
    );
  };
}

export const LoginScreen = withLoader(authScreenLoaders['/login'], 'Sign in');
export const SignupScreen = withLoader(authScreenLoaders['/signup'], 'Sign up');
export const ForgotPasswordScreen = withLoader(authScreenLoaders['/forgot-password'], 'Forgot password');
export const ResetPasswordScreen = withLoader(authScreenLoaders['/reset-password'], 'Set a new password');
export const TwoFactorScreen = withLoader(twoFactor, 'Two-factor authentication');
