import { matchPath } from 'react-router';

interface ScreenName {
  /** The one name of the screen: its sidebar entry, its heading and its document title. */
  title: string;
  /** The screen shows the selected website's data: its name goes in the document title too. */
  perWebsite?: true;
}

/**
 * Every signed-in screen by its route (router.tsx), named once: the sidebar (layout/nav-items.ts),
 * the page headers and the browser tab read their names here, so a screen is called the same
 * wherever a person meets it. Where the spec names a screen, that is its name.
 */
export const screenNames = {
  '/dashboard': { title: 'Analytics Dashboard', perWebsite: true },
  '/welcome': { title: 'Set up tracking' },
  '/campaign-builder': { title: 'Create New Campaign', perWebsite: true },
  '/networks': { title: 'Traffic Networks', perWebsite: true },
  '/sources': { title: 'Traffic Sources', perWebsite: true },
  '/campaigns': { title: 'Campaigns', perWebsite: true },
  '/landing-pages': { title: 'Landing Pages', perWebsite: true },
  '/analytics/landing-pages/:id': { title: 'Landing Page Statistics', perWebsite: true },
  '/funnels': { title: 'Funnel Analysis', perWebsite: true },
  '/clicks-log': { title: 'Clicks Log', perWebsite: true },
  // Every visitor's clicks on every website of the user's (not the user's own clicks).
  '/user-clicks-log': { title: 'Clicks on All Websites' },
  '/conversions-log': { title: 'Conversions Log', perWebsite: true },
  // The same conversions credited by each attribution model, side by side.
  '/analytics': { title: 'Attribution Models', perWebsite: true },
  '/website-config': { title: 'Website Configuration', perWebsite: true },
  '/team': { title: 'Team' },
  '/billing': { title: 'Billing' },
  '/debug': { title: 'Debug Tools' },
  '/auth-debug': { title: 'Auth Debug' },
  '/debug-database': { title: 'Database Debug' },
  '/event-test': { title: 'Event Test', perWebsite: true },
  '/profile': { title: 'Profile' },
  // Mail a server without SMTP settings kept instead of sending (the account's own).
  '/outbox': { title: 'Outbox' },
} as const satisfies Record<string, ScreenName>;

export type ScreenPath = keyof typeof screenNames;

/** The screen at `pathname`, or undefined for an address with no screen. */
export function screenAt(pathname: string): ScreenName | undefined {
  const path = (Object.keys(screenNames) as ScreenPath[]).find((p) => matchPath(p, pathname));
  return path ? screenNames[path] : undefined;
}

/** The screen's title for the heading and the navigation. */
export const screenTitle = (path: ScreenPath): string => screenNames[path].title;
