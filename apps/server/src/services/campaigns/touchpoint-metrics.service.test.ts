import type { TouchpointGroup, VisitorGroup } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import type { CampaignRepository, StoredCampaign } from '../../storage/campaigns/campaign.repository';
import type { TouchpointRepository } from '../../storage/campaigns/touchpoint.repository';
import { memberWebsite } from '../../test/member-website.fixture';
import { mockOf } from '../../test/service-mocks';
import { selectedModel, TouchpointMetricsService } from './touchpoint-metrics.service';

const group = (
  landingPage: string,
  count: number,
  valueMinor = 0,
  currency: string | null = null,
): TouchpointGroup => ({
  campaignId: 'c1',
  clickIdType: null,
  utmSource: 'google',
  utmMedium: 'cpc',
  landingPage,
  count,
  valueMinor,
  currency,
});

const visitor = (landingPage: string, visitorId: string, converted: boolean): VisitorGroup => ({
  ...group(landingPage, 0),
  visitorId,
  converted,
});

const campaign: StoredCampaign = {
  id: 'c1',
  websiteId: 'w1',
  name: 'Spring',
  network: 'Google Ads',
  source: 'search',
  landingPage: 'https://shop.example/',
  utmParams: {},
  trackingParams: {},
  ocxid: 'ocx-c1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function build() {
  const touchpoints = mockOf<TouchpointRepository>();
  const campaigns = mockOf<CampaignRepository>();
  touchpoints.clickGroups.mockResolvedValue([]);
  touchpoints.creditGroups.mockResolvedValue([]);
  touchpoints.visitorGroups.mockResolvedValue([]);
  campaigns.listByWebsite.mockResolvedValue([]);
  return { service: new TouchpointMetricsService(touchpoints, campaigns), touchpoints, campaigns };
}

describe('TouchpointMetricsService without a database', () => {
  it("reads the credits of the website's selected model", async () => {
    const { service, touchpoints } = build();
    await service.snapshot(memberWebsite({ id: 'w7', attribution_model: 'linear' }));
    expect(touchpoints.clickGroups).toHaveBeenCalledWith('w7');
    expect(touchpoints.creditGroups).toHaveBeenCalledWith('w7', 'linear');
    expect(touchpoints.visitorGroups).toHaveBeenCalledWith('w7');
  });

  it('falls back to first touch for a model it does not know', () => {
    expect(selectedModel(memberWebsite({ attribution_model: 'retired_model' }))).toBe('first_touch');
    expect(selectedModel(memberWebsite({ attribution_model: 'w_shaped' }))).toBe('w_shaped');
  });

  it("sums the clicks, credits and visitors a card's matcher picks", async () => {
    const { service, touchpoints } = build();
    touchpoints.clickGroups.mockResolvedValue([group('/a', 10), group('/b', 30)]);
    touchpoints.creditGroups.mockResolvedValue([group('/a', 2, 1500, 'USD'), group('/b', 1, 900, 'EUR')]);
    touchpoints.visitorGroups.mockResolvedValue([
      visitor('/a', 'ann', true),
      visitor('/a', 'bob', false),
      visitor('/a', 'cleo', false),
      visitor('/a', 'dan', false),
      visitor('/b', 'ann', true),
    ]);
    const snapshot = await service.snapshot(memberWebsite());
    expect(snapshot.metrics((g) => g.landingPage === '/a')).toEqual({
      clicks: 10,
      visitors: 4,
      convertedVisitors: 1,
      conversions: 2,
      // 1 of 4 visitors converted.
      conversionRate: 25,
      revenue: 15,
      revenueByCurrency: { USD: 15 },
    });
    // Mixed currencies have no single revenue.
    expect(snapshot.metrics(() => true)).toMatchObject({
      clicks: 40,
      visitors: 4,
      conversions: 3,
      revenue: null,
    });
  });

  it("hands over only the campaigns' ids, networks and sources", async () => {
    const { service, campaigns } = build();
    campaigns.listByWebsite.mockResolvedValue([campaign]);
    const snapshot = await service.snapshot(memberWebsite());
    expect(campaigns.listByWebsite).toHaveBeenCalledWith('w1');
    expect(snapshot.campaigns).toEqual([{ id: 'c1', network: 'Google Ads', source: 'search' }]);
  });
});
