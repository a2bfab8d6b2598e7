import { Box, Divider, NavLink, Text, Tooltip } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconChevronRight } from '@tabler/icons-react';
import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { uiStorageKeys } from '../components/local-data/storage-keys';
import { type NavGroup, type NavItem, navGroups } from './nav-items';

interface NavProps {
  collapsed: boolean;
  active: NavItem | undefined;
  onNavigate(): void;
}

const rounded = { borderRadius: 'var(--mantine-radius-md)' } as const;
/** The collapsed sidebar shows icons only, centred. */
const iconOnly = { section: { marginInlineEnd: 0 }, root: { justifyContent: 'center' } } as const;

/** The sidebar's groups: the everyday screens, Settings, and the Developer tools that open on demand. */
export function SidebarNav(props: NavProps) {
  return navGroups.map((group) =>
    group.toggleIcon ? (
      <ToggleGroup key={group.label} group={group} {...props} />
    ) : (
      <SectionGroup key={group.label ?? 'main'} group={group} {...props} />
    ),
  );
}

function SectionGroup({ group, ...props }: NavProps & { group: NavGroup }) {
  if (!group.label) return <Entries items={group.items} {...props} />;
  return (
    <Box role="group" aria-label={group.label} mt="xs">
      {props.collapsed ? (
        <Divider my={6} />
      ) : (
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" pt="xs" pb={4} aria-hidden>
          {group.label}
        </Text>
      )}
      <Entries items={group.items} {...props} />
    </Box>
  );
}

/**
 * A group shut by default (screens a marketer never needs); this browser remembers it open. Arriving
 * at one of its screens opens it, so the current entry is always in sight.
 */
function ToggleGroup({ group, ...props }: NavProps & { group: NavGroup }) {
  const id = useId();
  const [open, setOpen] = useLocalStorage({
    key: uiStorageKeys.developerToolsOpen,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const holdsActive = props.active !== undefined && group.items.includes(props.active);
  useEffect(() => {
    if (holdsActive) setOpen(true);
  }, [holdsActive, setOpen]);
  const label = group.label ?? '';
  const Icon = group.toggleIcon ?? IconChevronRight;
  const toggle = (
    <NavLink
      component="button"
      type="button"
      onClick={() => setOpen((o) => !o)}
      aria-expanded={open}
      aria-controls={open ? id : undefined}
      label={props.collapsed ? null : label}
      aria-label={label}
      leftSection={<Icon size={20} stroke={1.6} />}
      rightSection={
        props.collapsed ? null : (
          <IconChevronRight
            size={14}
            style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 150ms' }}
          />
        )
      }
      style={rounded}
      styles={props.collapsed ? iconOnly : undefined}
    />
  );
  return (
    <Box mt="xs">
      {props.collapsed ? <Divider my={6} /> : null}
      {props.collapsed ? (
        <Tooltip label={label} position="right" withArrow>
          {toggle}
        </Tooltip>
      ) : (
        toggle
      )}
      {open ? (
        <Box id={id} role="group" aria-label={label} pl={props.collapsed ? 0 : 'sm'}>
          <Entries items={group.items} {...props} />
        </Box>
      ) : null}
    </Box>
  );
}

function Entries({ items, collapsed, active, onNavigate }: NavProps & { items: NavItem[] }) {
  return items.map(({ label, to, icon: Icon }) => {
    const current = active?.to === to;
    const link = (
      <NavLink
        key={to}
        component={Link}
        to={to}
        active={current}
        aria-current={current ? 'page' : undefined}
        onClick={onNavigate}
        label={collapsed ? null : label}
        aria-label={label}
        leftSection={<Icon size={20} stroke={1.6} />}
        variant="light"
        style={rounded}
        styles={collapsed ? iconOnly : undefined}
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
  });
}
