import { defaultAttribution } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import { websiteRow } from '../../test/service-rows.fixture';
import { toStoredWebsite } from './website.mapper';

describe('toStoredWebsite', () => {
  it('parses the config column, takes the columns for the rest and gives the dates as ISO text', () => {
    const row = websiteRow({
      attribution_model: 'w_shaped',
      attribution_window: 60,
      config: JSON.stringify({
        settings: { firstWeight: 0.5, middleWeight: 0.2, lastWeight: 0.3 },
        scriptConfig: { crossDomains: ['shop.example.org'], defaultCampaignId: 'stale-copy' },
      }),
      consent_mode: 'none',
      respect_dnt: 1,
      retention_months: 13,
      // PostgreSQL answers a Date, SQLite the text written.
      created_at: new Date(Date.UTC(2026, 0, 1)),
      updated_at: '2026-01-02 10:00:00Z',
    });
    const stored = toStoredWebsite(row);
    expect(stored).toMatchObject({
      id: 'site-1',
      name: 'Shop',
      rootDomain: 'shop.example',
      attribution: {
        model: 'w_shaped',
        window: 60,
        settings: { firstWeight: 0.5, middleWeight: 0.2, lastWeight: 0.3 },
      },
      postbackUrl: null,
      timezone: 'UTC',
      privacy: { consentMode: 'none', respectDnt: true, retentionMonths: 13 },
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T10:00:00.000Z',
    });
    expect(stored.scriptConfig).toEqual({
      defaultCampaignId: 'cmp-default',
      cookieDomain: '.shop.example',
      regviewonce: false,
      crossDomainTracking: false,
      crossDomains: ['shop.example.org'],
      crossDeviceTracking: false,
      ipAnonymization: false,
      firstPartyTracking: false,
    });
  });

  it('reads an unreadable config as the defaults and an unknown model as first touch', () => {
    const stored = toStoredWebsite(websiteRow({ config: '{', attribution_model: 'made_up' }));
    expect(stored.attribution).toEqual({ ...defaultAttribution(), model: 'first_touch', window: 30 });
    expect(stored.scriptConfig.crossDomains).toEqual([]);
  });
});
