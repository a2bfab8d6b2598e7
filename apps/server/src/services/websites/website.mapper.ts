import type { Goal, Website } from '@ocx/contracts';
import { buildTrackingSnippet } from '@ocx/core';
import type { StoredWebsite } from '../../storage/websites/website.mapper';

/** Where the tracker is served from, for the snippet. */
export interface TrackerEndpoints {
  publicUrl: string;
  scriptPath: string;
  collectPath: string;
}

/** The website as the API shows it: what is stored, its goals and the snippet to paste. */
export function toWebsite(stored: StoredWebsite, goals: Goal[], endpoints: TrackerEndpoints): Website {
  return {
    ...stored,
    scriptConfig: {
      ...stored.scriptConfig,
      trackingScript: buildTrackingSnippet({
        websiteId: stored.id,
        rootDomain: stored.rootDomain,
        firstPartyTracking: stored.scriptConfig.firstPartyTracking,
        ...endpoints,
      }),
    },
    goals,
  };
}
