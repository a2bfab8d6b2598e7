import { messages } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../errors';
import type { CampaignRepository } from '../../storage/campaigns/campaign.repository';
import type { NetworkRepository, StoredNetwork } from '../../storage/campaigns/network.repository';
import type {
  StoredTrafficSource,
  TrafficSourceRepository,
} from '../../storage/campaigns/traffic-source.repository';
import { mockOf } from '../../test/service-mocks';
import { alice, metricsSnapshot, touchpoint, websiteRow } from '../../test/service-rows.fixture';
import type { Access } from '../platform/access';
import type { TouchpointMetricsService } from './touchpoint-metrics.service';
import { DEFAULT_SOURCES, TrafficSourceService } from './traffic-source.service';

const website = websiteRow();

function build() {
  const sources = mockOf<TrafficSourceRepository>();
  const access = mockOf<Access>();
  const metrics = mockOf<TouchpointMetricsService>();
  const networks = mockOf<NetworkRepository>();
  const campaigns = mockOf<CampaignRepository>();
  access.website.mockResolvedValue(website);
  sources.seeded.mockResolvedValue(true);
  sources.listByWebsite.mockResolvedValue([]);
  networks.listByWebsite.mockResolvedValue([]);
  metrics.snapshot.mockResolvedValue(
    metricsSnapshot(
      [touchpoint({ campaignId: 'cmp-1', count: 4 }), touchpoint({ utmMedium: 'search', count: 1 })],
      [],
      [{ id: 'cmp-1', network: 'Google Ads', source: 'Search' }],
    ),
  );
  return {
    service: new TrafficSourceService(sources, access, metrics, networks, campaigns),
    sources,
    networks,
    campaigns,
  };
}

const storedSource = (changes: Partial<StoredTrafficSource> = {}): StoredTrafficSource => ({
  id: 'src-1',
  websiteId: 'site-1',
  slug: 'search',
  name: 'Search',
  description: 'Search engine traffic',
  isDefault: true,
  createdAt: '2024-03-01T10:00:00.000Z',
  updatedAt: '2024-03-01T10:00:00.000Z',
  ...changes,
});

const network = (id: string, sources: string[]): StoredNetwork => ({
  id,
  websiteId: 'site-1',
  slug: id,
  name: id,
  trackingParams: [],
  sources,
  createdAt: '2024-03-01T10:00:00.000Z',
});

describe('TrafficSourceService', () => {
  it('seeds the default sources once, in the spec’s order', async () => {
    const { service, sources } = build();
    sources.seeded.mockResolvedValue(false);
    await service.adopt(website, []);
    const seeded = sources.seed.mock.calls[0]?.[1] ?? [];
    expect(sources.seed).toHaveBeenCalledWith('site-1', expect.any(Array));
    expect(seeded.map((s) => [s.name, s.slug, s.is_default])).toEqual(
      DEFAULT_SOURCES.map((s) => [s.name, s.name.toLowerCase(), 1]),
    );
    const times = seeded.map((s) => Date.parse(String(s.created_at)));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);
  });

  it('adopts each new source a network names once, skipping known and empty slugs', async () => {
    const { service, sources } = build();
    sources.listByWebsite.mockResolvedValue([storedSource()]);
    await service.adopt(website, ['Search', 'Email', 'email', '  ']);
    expect(sources.seed).not.toHaveBeenCalled();
    expect(sources.insert).toHaveBeenCalledTimes(1);
    expect(sources.insert).toHaveBeenCalledWith(
      expect.objectContaining({ website_id: 'site-1', slug: 'email', name: 'Email', is_default: 0 }),
    );
  });

  it('lists sources with their metrics after adopting the sources networks name', async () => {
    const { service, sources, networks } = build();
    networks.listByWebsite.mockResolvedValue([network('google', ['Search', 'Video'])]);
    sources.listByWebsite.mockResolvedValueOnce([storedSource()]).mockResolvedValue([storedSource()]);
    const [search] = await service.list(alice, 'site-1');
    expect(sources.insert).toHaveBeenCalledWith(expect.objectContaining({ slug: 'video' }));
    expect(search).toMatchObject({ slug: 'search', isDefault: true, metrics: { clicks: 5 } });
  });

  it('refuses a second source of the same name', async () => {
    const { service, sources } = build();
    sources.insert.mockResolvedValue(false);
    await expect(service.create(alice, 'site-1', { name: ' Search ', description: '' })).rejects.toThrow(
      new ValidationError(messages.sources.duplicate, 'name'),
    );
    expect(sources.insert).toHaveBeenCalledWith(expect.objectContaining({ name: 'Search', slug: 'search' }));
  });

  it('takes a removed source out of the networks that name it', async () => {
    const { service, sources, networks } = build();
    sources.listByWebsite.mockResolvedValue([storedSource()]);
    sources.delete.mockResolvedValue(true);
    networks.listByWebsite.mockResolvedValue([
      network('google', ['search', 'Shopping']),
      network('meta', ['Social']),
    ]);
    await service.remove(alice, 'site-1', 'src-1');
    expect(sources.delete).toHaveBeenCalledWith('site-1', 'src-1');
    expect(networks.setSources).toHaveBeenCalledTimes(1);
    expect(networks.setSources).toHaveBeenCalledWith('site-1', 'google', ['Shopping'], expect.any(String));
  });

  it('answers not found for a source the website does not have', async () => {
    const { service, sources, networks } = build();
    await expect(service.remove(alice, 'site-1', 'src-x')).rejects.toBeInstanceOf(NotFoundError);
    expect(sources.delete).not.toHaveBeenCalled();
    expect(networks.setSources).not.toHaveBeenCalled();
  });

  it('renames a source in the networks that list it and in its campaigns, in place', async () => {
    const { service, sources, networks, campaigns } = build();
    sources.listByWebsite.mockResolvedValue([storedSource()]);
    sources.update.mockResolvedValue(true);
    networks.listByWebsite.mockResolvedValue([
      network('google', ['search', 'Shopping']),
      network('meta', ['Social']),
    ]);
    const saved = await service.update(alice, 'site-1', 'src-1', {
      name: ' Paid Search ',
      description: 'Keyword ads',
    });
    expect(sources.update).toHaveBeenCalledWith(
      'site-1',
      'src-1',
      expect.objectContaining({ slug: 'paid-search', name: 'Paid Search', description: 'Keyword ads' }),
    );
    expect(networks.setSources).toHaveBeenCalledTimes(1);
    expect(networks.setSources).toHaveBeenCalledWith(
      'site-1',
      'google',
      ['Paid Search', 'Shopping'],
      expect.any(String),
    );
    expect(campaigns.renameSource).toHaveBeenCalledWith(
      'site-1',
      'Search',
      'Paid Search',
      expect.any(String),
    );
    expect(saved).toMatchObject({ id: 'src-1', name: 'Paid Search', slug: 'paid-search', isDefault: true });
  });

  it('changes only the description when the name stays', async () => {
    const { service, sources, networks, campaigns } = build();
    sources.listByWebsite.mockResolvedValue([storedSource()]);
    sources.update.mockResolvedValue(true);
    await service.update(alice, 'site-1', 'src-1', { name: 'Search', description: 'Keyword ads' });
    expect(networks.setSources).not.toHaveBeenCalled();
    expect(campaigns.renameSource).not.toHaveBeenCalled();
  });

  it('refuses a rename to the name of another source, and an unknown source', async () => {
    const { service, sources, campaigns } = build();
    sources.listByWebsite.mockResolvedValue([storedSource()]);
    sources.update.mockRejectedValue(Object.assign(new Error('dup'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }));
    await expect(
      service.update(alice, 'site-1', 'src-1', { name: 'Social', description: '' }),
    ).rejects.toThrow(new ValidationError(messages.sources.duplicate, 'name'));
    await expect(
      service.update(alice, 'site-1', 'src-x', { name: 'Social', description: '' }),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(campaigns.renameSource).not.toHaveBeenCalled();
  });
});
