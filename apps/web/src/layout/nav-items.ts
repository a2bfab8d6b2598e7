import {
  type Icon,
  IconBolt,
  IconBug,
  IconChartBar,
  IconClick,
  IconCreditCard,
  IconDatabase,
  IconFilter,
  IconLayoutDashboard,
  IconNetwork,
  IconSettings,
  IconShieldLock,
  IconSitemap,
  IconSpeakerphone,
  IconTargetArrow,
  IconTool,
  IconUsers,
  IconWand,
  IconWorld,
  IconWorldWww,
} from '@tabler/icons-react';
import { type ScreenPath, screenTitle } from '../components/screen-names';

export interface NavItem {
  label: string;
  to: ScreenPath;
  icon: Icon;
  /** Deeper paths that belong to this entry though they start with another's (spec §1's routes). */
  owns?: string[];
}

export interface NavGroup {
  /** The group's heading; none for the everyday screens at the top. */
  label: string | null;
  /** A collapsible group: shut until opened, with this icon on its toggle. */
  toggleIcon?: Icon;
  items: NavItem[];
}

const item = (to: ScreenPath, icon: Icon, owns?: string[]): NavItem => ({
  label: screenTitle(to),
  to,
  icon,
  ...(owns ? { owns } : {}),
});

/**
 * The sidebar: the spec's entries (§2) in its order, the settings of the account together, and the
 * screens for people who debug OCX itself in a group a marketer never has to open.
 */
export const navGroups: NavGroup[] = [
  {
    label: null,
    items: [
      item('/dashboard', IconLayoutDashboard),
      item('/networks', IconNetwork),
      item('/sources', IconSitemap),
      item('/campaigns', IconSpeakerphone),
      // Not a spec entry: the builder is where a campaign's link is made, and was reachable from nowhere.
      item('/campaign-builder', IconWand),
      item('/landing-pages', IconWorldWww, ['/analytics/landing-pages/']),
      item('/funnels', IconFilter),
      item('/clicks-log', IconClick),
      item('/user-clicks-log', IconWorld),
      item('/conversions-log', IconTargetArrow),
      item('/analytics', IconChartBar),
    ],
  },
  {
    label: 'Settings',
    items: [
      item('/website-config', IconSettings),
      item('/team', IconUsers),
      item('/billing', IconCreditCard),
    ],
  },
  {
    label: 'Developer tools',
    toggleIcon: IconTool,
    items: [
      item('/debug', IconBug),
      item('/auth-debug', IconShieldLock),
      item('/debug-database', IconDatabase),
      item('/event-test', IconBolt),
    ],
  },
];

export const navItems: NavItem[] = navGroups.flatMap((group) => group.items);

/** The entry a path belongs to: the one that owns it, else the longest matching prefix. */
export function activeNavItem(pathname: string): NavItem | undefined {
  const owner = navItems.find((item) => item.owns?.some((prefix) => pathname.startsWith(prefix)));
  if (owner) return owner;
  return navItems
    .filter((item) => pathname === item.to || pathname.startsWith(`${item.to}/`))
    .sort((a, b) => b.to.length - a.to.length)[0];
}
