import { AppShell, Group, NavLink, Text } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { NavLink as RouterNavLink } from 'react-router';
import { ThemeToggle } from './theme-toggle';
import { useLogout } from './use-logout';
import { WebsiteSelector } from './website-selector';

/** The header's website selector, theme toggle and account actions, moved into the drawer on a phone. */
export function PhoneWebsiteSection() {
  return (
    <AppShell.Section p="xs" style={{ borderBottom: '1px solid var(--app-shell-border-color)' }}>
      <WebsiteSelector fill />
    </AppShell.Section>
  );
}

export function PhoneAccountSection({ email, onNavigate }: { email: string; onNavigate(): void }) {
  const logout = useLogout();
  return (
    <AppShell.Section p="xs" style={{ borderTop: '1px solid var(--app-shell-border-color)' }}>
      <nav aria-label="Account">
        <Group justify="space-between" wrap="nowrap" px="xs" pb={4}>
          <Text size="sm" c="dimmed" truncate title={email}>
            {email}
          </Text>
          <ThemeToggle />
        </Group>
        <NavLink
          component={RouterNavLink}
          to="/profile"
          onClick={onNavigate}
          label="Profile"
          leftSection={<IconUserCircle size={20} stroke={1.6} />}
          variant="light"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
        <NavLink
          component="button"
          onClick={() => {
            onNavigate();
            logout();
          }}
          label="Log out"
          c="red"
          leftSection={<IconLogout size={20} stroke={1.6} />}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      </nav>
    </AppShell.Section>
  );
}
