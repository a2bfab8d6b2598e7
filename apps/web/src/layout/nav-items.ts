import {
  type Icon,
  IconBolt,
  IconBug,
  IconChartBar,
  IconClick,
  IconCreditCard,
  IconDatabase,
  IconFilter,
  IconHandFinger,
  IconLayoutDashboard,
  IconNetwork,
  IconSettings,
  IconShieldLock,
  IconSitemap,
  IconSpeakerphone,
  IconTargetArrow,
  IconWand,
  IconWorldWww,
} from '@tabler/icons-react';

interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  /** Deeper paths that belong to this entry though they start with another's (spec §1's routes). */
  owns?: string[];
}

/** The entry a path belongs to: the one that owns it, else the longest matching prefix. */
export function activeNavItem(pathname: string): NavItem | undefined {
  const owner = navItems.find((item) => item.owns?.some((prefix) => pathname.startsWith(prefix)));
  if (owner) return owner;
  return navItems
    .filter((item) => pathname === item.to || pathname.startsWith(`${item.to}/`))
    .sort((a, b) => b.to.length - a.to.length)[0];
}

/** The sidebar entries of spec §2, in its order, and the Campaign Builder. */
export const navItems: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard },
  { label: 'Networks', to: '/networks', icon: IconNetwork },
  { label: 'Sources', to: '/sources', icon: IconSitemap },
  { label: 'Campaigns', to: '/campaigns', icon: IconSpeakerphone },
  // Not a spec §2 entry: the builder is where a campaign's link is made, and was reachable from nowhere.
  { label: 'Campaign Builder', to: '/campaign-builder', icon: IconWand },
  {
    label: 'Landing Pages',
    to: '/landing-pages',
    icon: IconWorldWww,
    owns: ['/analytics/landing-pages/'],
  },
  { label: 'Funnels', to: '/funnels', icon: IconFilter },
  { label: 'Clicks Log', to: '/clicks-log', icon: IconClick },
  { label: 'Your Click Activity', to: '/user-clicks-log', icon: IconHandFinger },
  { label: 'Conversions Log', to: '/conversions-log', icon: IconTargetArrow },
  { label: 'Analytics', to: '/analytics', icon: IconChartBar },
  { label: 'Billing', to: '/billing', icon: IconCreditCard },
  { label: 'Debug Tools', to: '/debug', icon: IconBug },
  { label: 'Auth Debug', to: '/auth-debug', icon: IconShieldLock },
  { label: 'DB Debug', to: '/debug-database', icon: IconDatabase },
  { label: 'Event Test', to: '/event-test', icon: IconBolt },
  { label: 'Website Config', to: '/website-config', icon: IconSettings },
];
