import { messages } from '@ocx/contracts';
import type { EventStore } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../../errors';
import type { CampaignRepository } from '../../storage/campaigns/campaign.repository';
import type { TouchpointRepository } from '../../storage/campaigns/touchpoint.repository';
import { mockOf } from '../../test/service-mocks';
import { alice, storedCampaign, visitorOf, websiteRow } from '../../test/service-rows.fixture';
import type { ReportService } from '../attribution/report.service';
import type { Access } from '../platform/access';
import type { DomainEventBus } from '../platform/domain-events';
import { CampaignService } from './campaign.service';

const OCXID = '0123456789abcdef0123456789abcdef';

function build() {
  const campaigns = mockOf<CampaignRepository>();
  const access = mockOf<Access>();
  const events = mockOf<EventStore>();
  const reports = mockOf<ReportService>();
  const bus = mockOf<DomainEventBus>();
  access.website.mockResolvedValue(websiteRow({ attribution_model: 'linear' }));
  events.campaignTotals.mockResolvedValue([]);
  reports.campaignCredits.mockResolvedValue(new Map());
  reports.campaignCosts.mockResolvedValue(new Map());
  campaigns.ocxidTaken.mockResolvedValue(false);
  const touchpoints = mockOf<Pick<TouchpointRepository, 'visitorGroups'>>();
  touchpoints.visitorGroups.mockResolvedValue([]);
  return {
    service: new CampaignService(campaigns, access, events, reports, bus, touchpoints),
    campaigns,
    access,
    events,
    reports,
    bus,
    touchpoints,
  };
}

const input = {
  name: 'Summer Sale',
  network: 'Meta',
  source: 'Social',
  landingPage: 'https://shop.example/summer',
  utmParams: { source: 'facebook', medium: ' ' },
  trackingParams: { ' fbclid ': ' {fbclid} ', ocxid: 'forged', blank: '' },
};

describe('CampaignService', () => {
  it('puts each campaign’s clicks, visitors, credit under the website’s model and spend beside it', async () => {
    const { service, campaigns, events, reports, touchpoints } = build();
    touchpoints.visitorGroups.mockResolvedValue([
      visitorOf('ann', { campaignId: 'cmp-1' }),
      visitorOf('bob', { campaignId: 'cmp-1', converted: false }),
      visitorOf('bob', { campaignId: 'cmp-1', converted: false, landingPage: 'https://shop.example/b' }),
      visitorOf('cleo', { campaignId: null }),
    ]);
    campaigns.listByWebsite.mockResolvedValue([
      storedCampaign(),
      storedCampaign({ id: 'cmp-2', ocxid: 'other' }),
    ]);
    events.campaignTotals.mockResolvedValue([{ campaignId: 'cmp-1', clicks: 4 }]);
    reports.campaignCredits.mockResolvedValue(
      new Map([['cmp-1', { conversions: 4 / 3, value: 30, valueByCurrency: { EUR: 30 } }]]),
    );
    reports.campaignCosts.mockResolvedValue(new Map([['cmp-1', { EUR: 1500 }]]));
    const [first, second] = await service.list(alice, 'site-1');
    expect(reports.campaignCredits).toHaveBeenCalledWith('site-1', 'linear');
    expect(first?.metrics).toEqual({
      clicks: 4,
      visitors: 2,
      convertedVisitors: 1,
      conversions: 1.33,
      conversionRate: 50,
      revenue: 30,
      revenueByCurrency: { EUR: 30 },
    });
    expect(first?.spend).toEqual({ cost: { EUR: 15 }, cpa: { EUR: 11.25 }, roas: 2 });
    expect(second?.metrics).toMatchObject({ clicks: 0, conversions: 0, conversionRate: 0, revenue: 0 });
  });

  it('answers the stored campaign with its tracked link', async () => {
    const { service, campaigns } = build();
    campaigns.find.mockResolvedValue(
      storedCampaign({ trackingParams: { ocxid: 'spr1ng', gclid: '{gclid}' } }),
    );
    const campaign = await service.get(alice, 'site-1', 'cmp-1');
    expect(campaign).toMatchObject({
      websiteId: 'site-1',
      landingPage: 'https://shop.example/spring',
      utmParams: { source: 'google', campaign: 'spring-sale' },
      trackingParams: { ocxid: 'spr1ng', gclid: '{gclid}' },
      createdAt: '2024-03-01T10:00:00.000Z',
      updatedAt: '2024-03-01T10:00:00.000Z',
    });
    expect(campaign.trackedUrl).toContain('ocxid=spr1ng');
    expect(campaign.trackedUrl).toContain('gclid=%7Bgclid%7D');
    campaigns.find.mockResolvedValue(undefined);
    await expect(service.get(alice, 'site-1', 'cmp-x')).rejects.toThrow(
      new NotFoundError(messages.campaigns.notFound),
    );
  });

  it('creates a campaign with its ocxid, a default utm_campaign and clean parameters, and announces it', async () => {
    const { service, campaigns, bus, access } = build();
    campaigns.find.mockImplementation(async (_site, id) => storedCampaign({ id }));
    await service.create(alice, 'site-1', { ...input, ocxid: OCXID });
    expect(access.website).toHaveBeenCalledWith(alice, 'site-1', 'write');
    expect(campaigns.ocxidTaken).toHaveBeenCalledWith(OCXID);
    expect(campaigns.insert).toHaveBeenCalledWith(
      expect.objectContaining({
        website_id: 'site-1',
        ocxid: OCXID,
        utm_params: JSON.stringify({ source: 'facebook', campaign: 'summer-sale' }),
        tracking_params: JSON.stringify({ ocxid: OCXID, fbclid: '{fbclid}' }),
      }),
    );
    expect(bus.emit).toHaveBeenCalledWith('campaign.changed', { websiteId: 'site-1', ocxid: OCXID });
  });

  it('refuses an ocxid in use, whether seen first or only by the unique index', async () => {
    const { service, campaigns, bus } = build();
    campaigns.ocxidTaken.mockResolvedValueOnce(true);
    await expect(service.create(alice, 'site-1', { ...input, ocxid: OCXID })).rejects.toThrow(
      new ConflictError(messages.campaigns.ocxidTaken),
    );
    expect(campaigns.insert).not.toHaveBeenCalled();
    campaigns.insert.mockRejectedValueOnce(Object.assign(new Error('duplicate key'), { code: '23505' }));
    await expect(service.create(alice, 'site-1', { ...input, ocxid: OCXID })).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect(bus.emit).not.toHaveBeenCalled();
  });

  it('generates a free ocxid when none is given', async () => {
    const { service, campaigns } = build();
    campaigns.ocxidTaken.mockResolvedValueOnce(true).mockResolvedValue(false);
    const { ocxid } = await service.proposeOcxid(alice, 'site-1', 'Summer Sale');
    expect(ocxid).toMatch(/^[0-9a-f]{32}$/);
    expect(campaigns.ocxidTaken).toHaveBeenCalledTimes(2);
    expect(campaigns.ocxidTaken).toHaveBeenLastCalledWith(ocxid);
  });

  it('never changes the ocxid on update, and derives utm_campaign from the new name', async () => {
    const { service, campaigns, bus } = build();
    campaigns.find.mockResolvedValue(storedCampaign());
    await service.update(alice, 'site-1', 'cmp-1', {
      name: 'Autumn Sale',
      utmParams: { source: 'google' },
      trackingParams: { ocxid: 'changed', gclid: '{gclid}' },
    });
    expect(campaigns.update).toHaveBeenCalledWith('site-1', 'cmp-1', {
      name: 'Autumn Sale',
      network: 'Google Ads',
      source: 'Search',
      landing_page: 'https://shop.example/spring',
      utm_params: JSON.stringify({ source: 'google', campaign: 'autumn-sale' }),
      tracking_params: JSON.stringify({ ocxid: 'spr1ng', gclid: '{gclid}' }),
      updated_at: expect.any(String),
    });
    expect(bus.emit).toHaveBeenCalledWith('campaign.changed', { websiteId: 'site-1', ocxid: 'spr1ng' });
  });

  it('answers not found when removing a campaign that is gone, announcing nothing', async () => {
    const { service, campaigns, bus } = build();
    campaigns.find.mockResolvedValue(storedCampaign());
    campaigns.delete.mockResolvedValue(false);
    await expect(service.remove(alice, 'site-1', 'cmp-1')).rejects.toBeInstanceOf(NotFoundError);
    expect(bus.emit).not.toHaveBeenCalled();
    campaigns.delete.mockResolvedValue(true);
    await service.remove(alice, 'site-1', 'cmp-1');
    expect(bus.emit).toHaveBeenCalledWith('campaign.changed', { websiteId: 'site-1', ocxid: 'spr1ng' });
  });
});
