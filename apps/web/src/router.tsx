import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import {
  authScreenLoaders,
  ForgotPasswordScreen,
  LoginScreen,
  ResetPasswordScreen,
  SignupScreen,
} from './auth/auth-screens';
import { SignedInRoutes, SignedOutRoutes } from './auth/route-guards';
import { FullPageLoader } from './components/full-page-loader';

/** The screens people open first; main.tsx fetches the one in the address bar at boot, beside the session. */
const screens = {
  '/dashboard': () => import('./features/dashboard/dashboard.page'),
  '/analytics': () => import('./features/analytics/analytics.page'),
  '/campaigns': () => import('./features/campaigns/campaigns.page'),
  '/clicks-log': () => import('./features/clicks-log/clicks-log.page'),
  '/conversions-log': () => import('./features/conversions-log/conversions-log.page'),
  '/funnels': () => import('./features/funnels/funnels.page'),
};

/** Starts fetching the code of the screen at `pathname` (React.lazy reuses the same import). */
export function preloadScreen(pathname: string): void {
  const path = pathname === '/' ? '/dashboard' : pathname;
  if (path in screens) void screens[path as keyof typeof screens]();
  if (path in authScreenLoaders) void authScreenLoaders[path as keyof typeof authScreenLoaders]();
}

const DashboardPage = lazy(screens['/dashboard']);
const WebsiteConfigPage = lazy(() => import('./features/website-config/website-config.page'));
const EventTestPage = lazy(() => import('./features/event-test/event-test.page'));
const SharedDashboardPage = lazy(() => import('./features/shared-dashboard/shared-dashboard.page'));
const InvitationPage = lazy(() => import('./features/invitation/invitation.page'));
const GlossaryPage = lazy(() => import('./features/glossary/glossary.page'));
const NotFoundPage = lazy(() => import('./features/not-found/not-found.page'));
const TermsPage = lazy(() => import('./features/legal/terms.page'));
const PrivacyPage = lazy(() => import('./features/legal/privacy.page'));

const signedInPages = {
  dashboard: DashboardPage,
  welcome: lazy(() => import('./features/onboarding/onboarding.page')),
  'campaign-builder': lazy(() => import('./features/campaign-builder/campaign-builder.page')),
  networks: lazy(() => import('./features/networks/networks.page')),
  sources: lazy(() => import('./features/sources/sources.page')),
  campaigns: lazy(screens['/campaigns']),
  'landing-pages': lazy(() => import('./features/landing-pages/landing-pages.page')),
  'analytics/landing-pages/:id': lazy(() => import('./features/landing-pages/landing-page-stats.page')),
  funnels: lazy(screens['/funnels']),
  'clicks-log': lazy(screens['/clicks-log']),
  'user-clicks-log': lazy(() => import('./features/clicks-log/user-clicks-log.page')),
  'conversions-log': lazy(screens['/conversions-log']),
  analytics: lazy(screens['/analytics']),
  'website-config': WebsiteConfigPage,
  team: lazy(() => import('./features/team/team.page')),
  billing: lazy(() => import('./features/billing/billing.page')),
  debug: lazy(() => import('./features/debug/debug.page')),
  'auth-debug': lazy(() => import('./features/auth-debug/auth-debug.page')),
  'debug-database': lazy(() => import('./features/debug-database/debug-database.page')),
  'event-test': EventTestPage,
  profile: lazy(() => import('./features/profile/profile.page')),
  // Not in the menu: the verify-email banner and Auth Debug link it when the server has no SMTP.
  outbox: lazy(() => import('./features/outbox/outbox.page')),
};

/** The signed-in routes, each named once in components/screen-names.ts. */
export const signedInPaths = Object.keys(signedInPages);

const routes: RouteObject[] = [
  {
    element: <SignedOutRoutes />,
    children: [
      { path: '/login', element: <LoginScreen /> },
      { path: '/signup', element: <SignupScreen /> },
      { path: '/forgot-password', element: <ForgotPasswordScreen /> },
    ],
  },
  // Reachable signed in too: the link may open in a browser that still has a session.
  { path: '/reset-password', element: <ResetPasswordScreen /> },
  // A shared dashboard is for people without an account, and looks the same to those with one.
  {
    path: '/share/:token',
    element: (
      <Suspense fallback={<FullPageLoader label="Loading analytics data..." />}>
        <SharedDashboardPage />
      </Suspense>
    ),
  },
  // An invitation link opens signed out (to sign up or in, then come back) as well as signed in.
  {
    path: '/invitations/:token',
    element: (
      <Suspense fallback={<FullPageLoader label="Loading the invitation..." />}>
        <InvitationPage />
      </Suspense>
    ),
  },
  // What the numbers count (docs/metrics.md): the metric hints link here, signed in or not.
  {
    path: '/help/metrics',
    element: (
      <Suspense fallback={<FullPageLoader label="Loading..." />}>
        <GlossaryPage />
      </Suspense>
    ),
  },
  // The sign-up form links them (unless TERMS_URL / PRIVACY_URL name the operator's own), signed in or not.
  ...[
    { path: '/terms', Page: TermsPage },
    { path: '/privacy', Page: PrivacyPage },
  ].map(({ path, Page }) => ({
    path,
    element: (
      <Suspense fallback={<FullPageLoader label="Loading..." />}>
        <Page />
      </Suspense>
    ),
  })),
  {
    path: '/',
    element: <SignedInRoutes />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      ...Object.entries(signedInPages).map(([path, Page]) => ({ path, element: <Page /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The app's screens. A declarative router (BrowserRouter + useRoutes), not the data router: the app
 * loads its data with TanStack Query, and the data router's code would be a quarter of the first load.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
