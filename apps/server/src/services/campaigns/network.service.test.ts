import { messages } from '@ocx/contracts';
import { describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../errors';
import type { NetworkRepository, StoredNetwork } from '../../storage/campaigns/network.repository';
import { mockOf } from '../../test/service-mocks';
import { alice, metricsSnapshot, touchpoint, websiteRow } from '../../test/service-rows.fixture';
import type { Access } from '../platform/access';
import { NetworkService } from './network.service';
import type { TouchpointMetricsService } from './touchpoint-metrics.service';
import type { TrafficSourceService } from './traffic-source.service';

const website = websiteRow();

function build() {
  const networks = mockOf<NetworkRepository>();
  const access = mockOf<Access>();
  const metrics = mockOf<TouchpointMetricsService>();
  const sources = mockOf<Pick<TrafficSourceService, 'adopt'>>();
  access.website.mockResolvedValue(website);
  metrics.snapshot.mockResolvedValue(
    metricsSnapshot(
      [
        touchpoint({ campaignId: 'cmp-google', count: 3 }),
        touchpoint({ campaignId: 'cmp-meta', count: 7 }),
        touchpoint({ clickIdType: 'gclid', count: 2 }),
        touchpoint({ utmSource: 'google ads', count: 1 }),
      ],
      [],
      [
        { id: 'cmp-google', network: 'Google Ads', source: 'Search' },
        { id: 'cmp-meta', network: 'Meta', source: 'Social' },
      ],
    ),
  );
  return { service: new NetworkService(networks, access, metrics, sources), networks, access, sources };
}

const stored = (changes: Partial<StoredNetwork> = {}): StoredNetwork => ({
  id: 'net-1',
  websiteId: 'site-1',
  slug: 'google-ads',
  name: 'Google Ads',
  trackingParams: ['gclid'],
  sources: ['Search'],
  createdAt: '2024-03-01T10:00:00.000Z',
  ...changes,
});

const input = {
  name: ' Google Ads ',
  trackingParams: [' GCLID ', 'gclid', ''],
  sources: [' Search ', 'Search', 'Shopping'],
};

describe('NetworkService', () => {
  it('counts a network’s campaigns, its click ids and its name as utm_source', async () => {
    const { service, networks } = build();
    networks.listByWebsite.mockResolvedValue([stored(), stored({ id: 'net-2', trackingParams: [] })]);
    const [network, withoutParams] = await service.list(alice, 'site-1');
    expect(network).toMatchObject({
      slug: 'google-ads',
      sources: ['Search'],
      trackingParams: [expect.objectContaining({ name: 'gclid' })],
      metrics: { clicks: 6 },
      createdAt: '2024-03-01T10:00:00.000Z',
    });
    expect(withoutParams).toMatchObject({ trackingParams: [], metrics: { clicks: 4 } });
  });

  it('saves a new network with cleaned parameters and sources, and adopts its sources', async () => {
    const { service, networks, sources, access } = build();
    networks.insert.mockResolvedValue(true);
    const made = await service.create(alice, 'site-1', input);
    expect(access.website).toHaveBeenCalledWith(alice, 'site-1', 'write');
    expect(networks.insert).toHaveBeenCalledWith(
      expect.objectContaining({
        websiteId: 'site-1',
        slug: 'google-ads',
        name: 'Google Ads',
        trackingParams: ['gclid'],
        sources: ['Search', 'Shopping'],
      }),
    );
    expect(sources.adopt).toHaveBeenCalledWith(website, input.sources);
    expect(made).toMatchObject({
      name: 'Google Ads',
      sources: ['Search', 'Shopping'],
      metrics: { clicks: 6 },
    });
  });

  it('refuses a second network of the same name, adopting nothing', async () => {
    const { service, networks, sources } = build();
    networks.insert.mockResolvedValue(false);
    await expect(service.create(alice, 'site-1', input)).rejects.toThrow(
      new ValidationError(messages.networks.duplicate, 'name'),
    );
    expect(sources.adopt).not.toHaveBeenCalled();
  });

  it('updates a network, answering a name clash as a duplicate and a missing one as not found', async () => {
    const { service, networks } = build();
    networks.update.mockRejectedValueOnce(
      Object.assign(new Error('unique'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }),
    );
    await expect(service.update(alice, 'site-1', 'net-1', input)).rejects.toThrow(
      messages.networks.duplicate,
    );
    networks.update.mockResolvedValueOnce(false);
    await expect(service.update(alice, 'site-1', 'net-x', input)).rejects.toBeInstanceOf(NotFoundError);
    networks.update.mockResolvedValueOnce(true);
    networks.find.mockResolvedValue(stored());
    await expect(service.update(alice, 'site-1', 'net-1', input)).resolves.toMatchObject({ id: 'net-1' });
    expect(networks.update).toHaveBeenLastCalledWith(
      'site-1',
      'net-1',
      expect.objectContaining({
        name: 'Google Ads',
        trackingParams: ['gclid'],
        updatedAt: expect.any(String),
      }),
    );
  });

  it('answers not found when removing a network that is not the website’s', async () => {
    const { service, networks } = build();
    networks.delete.mockResolvedValue(false);
    await expect(service.remove(alice, 'site-1', 'net-x')).rejects.toBeInstanceOf(NotFoundError);
    expect(networks.delete).toHaveBeenCalledWith('site-1', 'net-x');
  });
});
