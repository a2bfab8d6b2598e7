import { ActionIcon, AppShell, Box, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { activeNavItem } from './nav-items';
import { PhoneAccountSection, PhoneWebsiteSection } from './phone-drawer-section';
import { SidebarNav } from './sidebar-nav';

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
          <SidebarNav collapsed={collapsed} active={active} onNavigate={onNavigate} />
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
