import type { Website } from '@ocx/contracts';
import type { TrackedDomains } from '@ocx/core';

/** The domains whose pages the tracker counts for this website (as the server's collect checks them). */
export function trackedDomains(website: Website): TrackedDomains {
  const { crossDomainTracking, crossDomains } = website.scriptConfig;
  return { rootDomain: website.rootDomain, crossDomains: crossDomainTracking ? crossDomains : [] };
}
