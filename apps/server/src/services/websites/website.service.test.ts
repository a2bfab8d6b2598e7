import { DEFAULT_RETENTION_MONTHS, messages } from '@ocx/contracts';
import { defaultAttribution, type EventStore } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../errors';
import type { GoalRepository, GoalRow } from '../../storage/websites/goal.repository';
import type { WebsiteRepository } from '../../storage/websites/website.repository';
import { mockOf } from '../../test/service-mocks';
import { alice, websiteRow } from '../../test/service-rows.fixture';
import type { Access, CurrentUser } from '../platform/access';
import type { DomainEventBus } from '../platform/domain-events';
import { type PostbackUrlPolicy, WebsiteService } from './website.service';

const endpoints = { publicUrl: 'https://ocx.example', scriptPath: '/ocx.js', collectPath: '/collect' };

function build() {
  const websites = mockOf<WebsiteRepository>();
  const goals = mockOf<GoalRepository>();
  const events = mockOf<EventStore>();
  const access = mockOf<Access>();
  const bus = mockOf<DomainEventBus>();
  const postbackUrls = mockOf<PostbackUrlPolicy>({ refusal: () => null });
  const organizations = mockOf<{ placeForNewWebsite(user: CurrentUser): Promise<string> }>();
  access.website.mockResolvedValue(websiteRow());
  goals.listByWebsites.mockResolvedValue([]);
  organizations.placeForNewWebsite.mockResolvedValue('org-1');
  const service = new WebsiteService(
    websites,
    goals,
    endpoints,
    events,
    access,
    bus,
    postbackUrls,
    organizations,
  );
  return { service, websites, goals, events, access, bus, organizations };
}

const goalRow = (id: string, website_id: string): GoalRow => ({
  id,
  website_id,
  name: id,
  type: 'pageview',
  selector: null,
  value: null,
  conditions: '{"path":"/thanks"}',
  created_at: '2024-03-01T10:00:00.000Z',
  updated_at: '2024-03-01T10:00:00.000Z',
});

describe('WebsiteService', () => {
  it('lists the websites the user may read, each with its own goals and snippet', async () => {
    const { service, access, goals } = build();
    access.websites.mockResolvedValue([websiteRow({ id: 'a' }), websiteRow({ id: 'b' })]);
    goals.listByWebsites.mockResolvedValue([goalRow('g1', 'b'), goalRow('g2', 'a'), goalRow('g3', 'b')]);
    const list = await service.list(alice);
    expect(access.websites).toHaveBeenCalledWith(alice, 'read');
    expect(goals.listByWebsites).toHaveBeenCalledWith(['a', 'b']);
    expect(list.map((w) => [w.id, w.goals.map((g) => g.id)])).toEqual([
      ['a', ['g2']],
      ['b', ['g1', 'g3']],
    ]);
    expect(list[0]?.scriptConfig.trackingScript).toContain('https://ocx.example/ocx.js');
  });

  it('creates a website in the organization chosen for it, private by default', async () => {
    const { service, websites, organizations } = build();
    await service.create(alice, {
      name: ' Shop ',
      rootDomain: 'https://WWW.Shop.Example/',
      timezone: 'europe/berlin',
    });
    expect(organizations.placeForNewWebsite).toHaveBeenCalledWith(alice);
    const row = websites.insert.mock.calls[0]?.[0];
    expect(row).toMatchObject({
      user_id: alice.id,
      organization_id: 'org-1',
      name: 'Shop',
      root_domain: 'www.shop.example',
      cookie_domain: '.shop.example',
      timezone: 'Europe/Berlin',
      consent_mode: 'require',
      respect_dnt: 0,
      retention_months: DEFAULT_RETENTION_MONTHS,
      postback_url: null,
      attribution_model: defaultAttribution().model,
    });
    const config = JSON.parse(String(row?.config));
    expect(config.scriptConfig).toMatchObject({
      ipAnonymization: true,
      defaultCampaignId: row?.default_campaign_id,
    });
  });

  it('refuses an unknown time zone, a refused postback address or a website past the plan, saving nothing', async () => {
    const { service, websites, organizations } = build();
    await expect(
      service.create(alice, { name: 'Shop', rootDomain: 'shop.example', timezone: 'Mars/Olympus' }),
    ).rejects.toThrow(new ValidationError(messages.config.unknownTimezone('Mars/Olympus'), 'timezone'));
    const refusing = new WebsiteService(
      websites,
      mockOf<GoalRepository>(),
      endpoints,
      mockOf<EventStore>(),
      mockOf<Access>(),
      mockOf<DomainEventBus>(),
      { refusal: (url) => `${url} is private` },
      organizations,
    );
    await expect(
      refusing.create(alice, { name: 'Shop', rootDomain: 'shop.example', postbackUrl: 'http://10.0.0.7/pb' }),
    ).rejects.toThrow(new ValidationError('http://10.0.0.7/pb is private', 'postbackUrl'));
    organizations.placeForNewWebsite.mockRejectedValue(new ValidationError('The trial allows 1 website.'));
    await expect(service.create(alice, { name: 'Shop', rootDomain: 'shop.example' })).rejects.toThrow(
      /trial/,
    );
    expect(websites.insert).not.toHaveBeenCalled();
  });

  it('rebuilds the rollups after a new time zone and keeps what the patch does not name', async () => {
    const { service, websites, access, bus } = build();
    access.website.mockResolvedValue(
      websiteRow({ postback_url: 'https://partner.example/pb', respect_dnt: 1 }),
    );
    await service.update(alice, 'site-1', { timezone: 'Asia/Tokyo' });
    expect(access.website).toHaveBeenCalledWith(alice, 'site-1', 'write');
    expect(websites.update).toHaveBeenCalledWith(
      'site-1',
      expect.objectContaining({
        name: 'Shop',
        timezone: 'Asia/Tokyo',
        rollup_rebuilt_until: 0,
        postback_url: 'https://partner.example/pb',
        respect_dnt: 1,
      }),
    );
    expect(bus.emit).toHaveBeenCalledWith('website.changed', { websiteId: 'site-1' });
    expect(bus.emit).not.toHaveBeenCalledWith('attribution.settingsChanged', expect.anything());
    await service.update(alice, 'site-1', { name: 'Shop 2', postbackUrl: '' });
    expect(websites.update).toHaveBeenLastCalledWith(
      'site-1',
      expect.not.objectContaining({ rollup_rebuilt_until: expect.anything() }),
    );
    expect(websites.update.mock.lastCall?.[1]).toMatchObject({ name: 'Shop 2', postback_url: null });
  });

  it('announces changed credit settings with what they were and are', async () => {
    const { service, bus } = build();
    const { settings } = defaultAttribution();
    await service.update(alice, 'site-1', { attribution: { model: 'linear', window: 60, settings } });
    expect(bus.emit).toHaveBeenCalledWith('attribution.settingsChanged', {
      websiteId: 'site-1',
      before: expect.objectContaining({ window: 30 }),
      after: expect.objectContaining({ window: 60 }),
    });
  });

  it('refuses an empty name on update', async () => {
    const { service, websites } = build();
    await expect(service.update(alice, 'site-1', { name: '  ' })).rejects.toThrow(
      new ValidationError(messages.config.nameRequired, 'name'),
    );
    expect(websites.update).not.toHaveBeenCalled();
  });

  it('deletes the website’s events with it, and nothing when it is already gone', async () => {
    const { service, websites, events, bus } = build();
    websites.delete.mockResolvedValue(false);
    await expect(service.remove(alice, 'site-1')).rejects.toBeInstanceOf(NotFoundError);
    expect(events.deleteWebsite).not.toHaveBeenCalled();
    websites.delete.mockResolvedValue(true);
    await service.remove(alice, 'site-1');
    expect(events.deleteWebsite).toHaveBeenCalledWith('site-1');
    expect(bus.emit).toHaveBeenCalledWith('website.changed', { websiteId: 'site-1' });
  });
});
