import type { Website } from '@ocx/contracts';
import { defaultAttribution } from '@ocx/core';

/** A configured website as GET /api/websites returns it, crediting with `model`. */
export function websiteFixture(model: Website['attribution']['model'] = 'first_touch'): Website {
  return {
    id: 'w1',
    name: 'Shop',
    brand: 'Shop',
    rootDomain: 'shop.test',
    attribution: { ...defaultAttribution(), model },
    scriptConfig: {
      cookieDomain: '.shop.test',
      defaultCampaignId: 'c_default',
      regviewonce: false,
      crossDomainTracking: false,
      crossDomains: [],
      crossDeviceTracking: false,
      ipAnonymization: false,
      firstPartyTracking: false,
      trackingScript: '',
    },
    goals: [],
    postbackUrl: null,
    timezone: 'UTC',
    privacy: { consentMode: 'none', respectDnt: false, retentionMonths: 25 },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}
