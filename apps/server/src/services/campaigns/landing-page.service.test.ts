import { messages } from '@ocx/contracts';
import { DAY_MS } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../errors';
import type { CampaignRepository } from '../../storage/campaigns/campaign.repository';
import type {
  LandingPageRepository,
  StoredLandingPage,
} from '../../storage/campaigns/landing-page.repository';
import type { TouchpointRepository } from '../../storage/campaigns/touchpoint.repository';
import { mockOf } from '../../test/service-mocks';
import {
  alice,
  metricsSnapshot,
  storedCampaign,
  touchpoint,
  visitorOf,
  websiteRow,
} from '../../test/service-rows.fixture';
import type { Access } from '../platform/access';
import { LandingPageService } from './landing-page.service';
import type { TouchpointMetricsService } from './touchpoint-metrics.service';

const snapshot = metricsSnapshot(
  [
    touchpoint({ landingPage: 'https://www.shop.example/spring/', count: 8 }),
    touchpoint({ landingPage: 'https://shop.example/other', count: 5 }),
  ],
  [
    touchpoint({
      landingPage: 'https://shop.example/spring?x=1',
      count: 2,
      valueMinor: 4000,
      currency: 'EUR',
    }),
  ],
  [],
  [
    // Three visitors entered on the spring page (one of them twice), two of whom converted.
    visitorOf('v1', { landingPage: 'https://www.shop.example/spring/' }),
    visitorOf('v1', { landingPage: 'https://shop.example/spring' }),
    visitorOf('v2', { landingPage: 'https://shop.example/spring?x=1' }),
    visitorOf('v3', { landingPage: 'https://shop.example/spring', converted: false }),
    visitorOf('v4', { landingPage: 'https://shop.example/other' }),
  ],
);

function build() {
  const pages = mockOf<LandingPageRepository>();
  const access = mockOf<Access>();
  const metrics = mockOf<TouchpointMetricsService>();
  const touchpoints = mockOf<TouchpointRepository>();
  const campaigns = mockOf<CampaignRepository>();
  access.website.mockResolvedValue(websiteRow());
  metrics.snapshot.mockResolvedValue(snapshot);
  return {
    service: new LandingPageService(pages, access, metrics, touchpoints, campaigns),
    pages,
    access,
    touchpoints,
    campaigns,
  };
}

const pageRow = (changes: Partial<StoredLandingPage> = {}): StoredLandingPage => ({
  id: 'lp-1',
  websiteId: 'site-1',
  name: 'Spring',
  path: 'spring',
  description: '',
  createdAt: '2024-03-01T10:00:00.000Z',
  ...changes,
});

describe('LandingPageService', () => {
  it('lists pages with their URL and the entrances on them, www or not, any query', async () => {
    const { service, pages } = build();
    pages.listByWebsite.mockResolvedValue([pageRow(), pageRow({ id: 'lp-home', path: '' })]);
    const [spring, home] = await service.list(alice, 'site-1');
    expect(spring).toMatchObject({
      url: 'shop.example/spring',
      href: 'https://shop.example/spring',
      // The conversion rate is of visitors: 2 of the 3 who entered on it converted.
      metrics: {
        clicks: 8,
        visitors: 3,
        convertedVisitors: 2,
        conversions: 2,
        conversionRate: 66.7,
        revenue: 40,
      },
    });
    expect(home).toMatchObject({
      url: 'shop.example',
      href: 'https://shop.example/',
      metrics: { clicks: 0, visitors: 0, conversionRate: 0 },
    });
  });

  it('needs the website’s domain before a page can be made', async () => {
    const { service, access, pages } = build();
    access.website.mockResolvedValue(websiteRow({ root_domain: '' }));
    await expect(service.create(alice, 'site-1', { name: 'X', path: 'x', description: '' })).rejects.toThrow(
      new ValidationError(messages.landingPages.domainRequired),
    );
    expect(pages.insert).not.toHaveBeenCalled();
  });

  it('saves a new page with its name trimmed, after a write check', async () => {
    const { service, access, pages } = build();
    const made = await service.create(alice, 'site-1', {
      name: ' Spring ',
      path: 'spring',
      description: 'Sale',
    });
    expect(access.website).toHaveBeenCalledWith(alice, 'site-1', 'write');
    expect(pages.insert).toHaveBeenCalledWith(
      expect.objectContaining({ websiteId: 'site-1', name: 'Spring', path: 'spring', description: 'Sale' }),
    );
    expect(made.metrics.clicks).toBe(8);
  });

  it('answers not found for a page that is not the website’s', async () => {
    const { service, pages } = build();
    pages.delete.mockResolvedValue(false);
    await expect(service.remove(alice, 'site-1', 'lp-x')).rejects.toBeInstanceOf(NotFoundError);
    expect(pages.delete).toHaveBeenCalledWith('site-1', 'lp-x');
    await expect(service.stats(alice, 'site-1', 'lp-x')).rejects.toThrow(messages.landingPages.notFound);
  });

  it('gives the card’s figures and adds up visits and credit per day, channel and campaign, naming deleted campaigns', async () => {
    const { service, pages, touchpoints, campaigns } = build();
    pages.find.mockResolvedValue(pageRow());
    campaigns.listByWebsite.mockResolvedValue([storedCampaign()]);
    touchpoints.landingDays.mockResolvedValue([
      { day: 19_800, channel: 'paid_search', campaignId: 'cmp-1', visits: 5 },
      { day: 19_801, channel: 'direct', campaignId: null, visits: 2 },
      { day: 19_800, channel: 'paid_social', campaignId: 'cmp-gone', visits: 1 },
    ]);
    touchpoints.landingCredits.mockResolvedValue([{ day: 19_800, campaignId: 'cmp-1', conversions: 1.666 }]);
    const stats = await service.stats(alice, 'site-1', 'lp-1');
    expect(touchpoints.landingDays).toHaveBeenCalledWith('site-1', [
      'https://shop.example/spring',
      'https://shop.example/spring/',
      'https://www.shop.example/spring',
      'https://www.shop.example/spring/',
    ]);
    expect(touchpoints.landingCredits).toHaveBeenCalledWith('site-1', expect.any(Array), 'last_touch');
    // The page's figures are its card's.
    expect(stats).toMatchObject({
      attributionModel: 'last_touch',
      visits: 8,
      visitors: 3,
      convertedVisitors: 2,
      conversions: 2,
      conversionRate: 66.7,
    });
    expect(stats.conversionRate).toBe(stats.landingPage.metrics.conversionRate);
    expect(stats.days).toEqual([
      {
        date: new Date(19_800 * DAY_MS).toISOString().slice(0, 10),
        visits: 6,
        conversions: 1.67,
        channels: { paid_search: 5, paid_social: 1 },
        campaigns: { 'Spring Sale': 5, 'Deleted campaign': 1 },
      },
      {
        date: new Date(19_801 * DAY_MS).toISOString().slice(0, 10),
        visits: 2,
        conversions: 0,
        channels: { direct: 2 },
        campaigns: { None: 2 },
      },
    ]);
    expect(stats.channels).toEqual([
      { channel: 'paid_search', visits: 5 },
      { channel: 'direct', visits: 2 },
      { channel: 'paid_social', visits: 1 },
    ]);
    expect(stats.campaigns).toEqual([
      { campaignId: 'cmp-1', name: 'Spring Sale', visits: 5, conversions: 1.67 },
      { campaignId: null, name: 'None', visits: 2, conversions: 0 },
      { campaignId: 'cmp-gone', name: 'Deleted campaign', visits: 1, conversions: 0 },
    ]);
  });
});
