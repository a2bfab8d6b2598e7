import { ActionIcon, AppShell, Box, NavLink, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { activeNavItem, navItems } from './nav-items';
import { PhoneAccountSection, PhoneWebsiteSection } from './phone-drawer-section';

interface SidebarProps {
  collapsed: boolean;
  onToggle(): void;
  onNavigate(): void;
  /** Below the sm breakpoint the drawer also holds what the narrow header has no room for. */
  phone: boolean;
  email: string;
}

export function Sidebar({ collapsed, onToggle, onNavigate, phone, email }: SidebarProps) {
  const active = activeNavItem(useLocation().pathname);
  return (
    <>
      {phone ? <PhoneWebsiteSection /> : null}
      {/* Native scrolling: Mantine's ScrollArea measured its thumb at every screen's load (97 ms of
          /dashboard's main thread at 4× throttling). */}
      <AppShell.Section
        grow
        data-sidebar-scroll
        style={{ overflowY: 'auto', minHeight: 0, scrollbarWidth: 'thin' }}
      >
        {/* The padding is inside the scrolling viewport, so a focused entry's ring is never clipped. */}
        <Box component="nav" aria-label="Main" px={collapsed ? 8 : 'xs'} py="xs">
          {navItems.map(({ label, to, icon: Icon }) => {
            const link = (
              <NavLink
                key={to}
                component={Link}
                to={to}
                active={active?.to === to}
                aria-current={active?.to === to ? 'page' : undefined}
                onClick={onNavigate}
                label={collapsed ? null : label}
                aria-label={label}
                leftSection={<Icon size={20} stroke={1.6} />}
                variant="light"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
                styles={
                  collapsed
                    ? { section: { marginInlineEnd: 0 }, root: { justifyContent: 'center' } }
                    : undefined
                }
              />
            );
            // Only the collapsed sidebar names its icons in a tooltip: a tooltip per entry, even a
            // disabled one, set up Floating UI's hooks at every render of every screen.
            return collapsed ? (
              <Tooltip key={to} label={label} position="right" withArrow>
                {link}
              </Tooltip>
            ) : (
              link
            );
          })}
        </Box>
      </AppShell.Section>
      {phone ? <PhoneAccountSection email={email} onNavigate={onNavigate} /> : null}
      <AppShell.Section
        p="xs"
        visibleFrom="sm"
        style={{ borderTop: '1px solid var(--app-shell-border-color)' }}
      >
        <Tooltip label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'} position="right" withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={onToggle}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            mx={collapsed ? 'auto' : undefined}
            display="flex"
          >
            {collapsed ? (
              <IconLayoutSidebarLeftExpand size={20} />
            ) : (
              <IconLayoutSidebarLeftCollapse size={20} />
            )}
          </ActionIcon>
        </Tooltip>
      </AppShell.Section>
    </>
  );
}
