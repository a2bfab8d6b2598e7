import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { SignedInRoutes, SignedOutRoutes } from './auth/route-guards';
import { FullPageLoader } from './components/full-page-loader';
import { LoginPage } from './features/login/login.page';
import { ForgotPasswordPage } from './features/password-reset/forgot-password.page';
import { ResetPasswordPage } from './features/password-reset/reset-password.page';
import { SignupPage } from './features/signup/signup.page';

const DashboardPage = lazy(() => import('./features/dashboard/dashboard.page'));
const WebsiteConfigPage = lazy(() => import('./features/website-config/website-config.page'));
const EventTestPage = lazy(() => import('./features/event-test/event-test.page'));
const SharedDashboardPage = lazy(() => import('./features/shared-dashboard/shared-dashboard.page'));
const GlossaryPage = lazy(() => import('./features/glossary/glossary.page'));
const NotFoundPage = lazy(() => import('./features/not-found/not-found.page'));

const signedInPages = {
  dashboard: DashboardPage,
  'campaign-builder': lazy(() => import('./features/campaign-builder/campaign-builder.page')),
  networks: lazy(() => import('./features/networks/networks.page')),
  sources: lazy(() => import('./features/sources/sources.page')),
  campaigns: lazy(() => import('./features/campaigns/campaigns.page')),
  'landing-pages': lazy(() => import('./features/landing-pages/landing-pages.page')),
  'analytics/landing-pages/:id': lazy(() => import('./features/landing-pages/landing-page-stats.page')),
  funnels: lazy(() => import('./features/funnels/funnels.page')),
  'clicks-log': lazy(() => import('./features/clicks-log/clicks-log.page')),
  'user-clicks-log': lazy(() => import('./features/clicks-log/user-clicks-log.page')),
  'conversions-log': lazy(() => import('./features/conversions-log/conversions-log.page')),
  analytics: lazy(() => import('./features/analytics/analytics.page')),
  'website-config': WebsiteConfigPage,
  billing: lazy(() => import('./features/billing/billing.page')),
  debug: lazy(() => import('./features/debug/debug.page')),
  'auth-debug': lazy(() => import('./features/auth-debug/auth-debug.page')),
  'debug-database': lazy(() => import('./features/debug-database/debug-database.page')),
  'event-test': EventTestPage,
  profile: lazy(() => import('./features/profile/profile.page')),
};

export const router = createBrowserRouter([
  {
    element: <SignedOutRoutes />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
    ],
  },
  // Reachable signed in too: the link may open in a browser that still has a session.
  { path: '/reset-password', element: <ResetPasswordPage /> },
  // A shared dashboard is for people without an account, and looks the same to those with one.
  {
    path: '/share/:token',
    element: (
      <Suspense fallback={<FullPageLoader label="Loading analytics data..." />}>
        <SharedDashboardPage />
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
  {
    path: '/',
    element: <SignedInRoutes />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      ...Object.entries(signedInPages).map(([path, Page]) => ({ path, element: <Page /> })),
      { path: '*', Component: NotFoundPage },
    ],
  },
]);
