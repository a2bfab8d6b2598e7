import { AppShell, Burger, em, Group } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SectionLoader } from '../components/full-page-loader';
import { uiStorageKeys } from '../components/local-data/storage-keys';
import { Logo } from '../components/logo';
import { SelectedWebsiteProvider } from '../components/websites/selected-website';
import { BillingBanner } from '../features/billing/billing-banner';
import { ScreenDocumentTitle } from './screen-document-title';
import { Sidebar } from './sidebar';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';
import { VerifyEmailBanner } from './verify-email-banner';
import { WebsiteSelector } from './website-selector';

const SIDEBAR_COLLAPSED = 64;
const SIDEBAR_EXPANDED = 240;

export function AppLayout({ email }: { email: string }) {
  const [collapsed, setCollapsed] = useLocalStorage({
    key: uiStorageKeys.sidebarCollapsed,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const [mobileOpen, mobile] = useDisclosure(false);
  // Mantine's sm breakpoint (48em): narrower, the header keeps burger, logo and account menu only.
  const phone =
    useMediaQuery(`(max-width: ${em(767.9)})`, false, { getInitialValueInEffect: false }) ?? false;

  return (
    <SelectedWebsiteProvider>
      <ScreenDocumentTitle />
      <AppShell
        header={{ height: 60 }}
        navbar={{
          width: collapsed ? SIDEBAR_COLLAPSED : SIDEBAR_EXPANDED,
          breakpoint: 'sm',
          collapsed: { mobile: !mobileOpen },
        }}
        padding="lg"
        transitionDuration={150}
      >
        {/* Keyboard users reach the screen's content without tabbing through the header and sidebar. */}
        <a href="#main-content" className="ocx-skip-link">
          Skip to content
        </a>
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={mobileOpen}
                onClick={mobile.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label="Menu"
              />
              <Logo />
            </Group>
            <Group gap="sm" wrap="nowrap">
              {phone ? null : <WebsiteSelector />}
              {phone ? null : <ThemeToggle />}
              <UserMenu email={email} />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar data-collapsed={collapsed} aria-label="Sidebar">
          <Sidebar
            collapsed={collapsed && !phone}
            onToggle={() => setCollapsed((c) => !c)}
            onNavigate={mobile.close}
            phone={phone}
            email={email}
          />
        </AppShell.Navbar>
        <AppShell.Main className="ocx-page-bg" mih="100vh" id="main-content" tabIndex={-1}>
          <VerifyEmailBanner />
          <BillingBanner />
          <Suspense fallback={<SectionLoader label="Loading..." />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </SelectedWebsiteProvider>
  );
}
