import { DAY_MS, type IngestPorts, type IngestWebsite } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import { mockOf } from '../../test/service-mocks';
import type { GroupCommitWriter } from './group-commit-writer';
import { type ConsentLinks, IngestService } from './ingest.service';
import { IngestMetrics } from './ingest-metrics';
import { RefusalLog } from './refusal-log';
import type { PublicWebsite, WebsiteDirectory } from './website-directory';

const NOW = Date.parse('2024-03-01T10:30:00.000Z');
const meta = { ip: '81.2.69.142', userAgent: 'Mozilla/5.0 Chrome/120', receivedAt: NOW };
const shop: IngestWebsite = {
  id: 'site-1',
  rootDomain: 'shop.example',
  crossDomains: [],
  ipAnonymization: false,
  goals: [],
};

function build() {
  const ports = mockOf<IngestPorts>({
    website: async (id) => (id === shop.id ? shop : null),
    campaignByOcxid: async () => null,
    locate: () => ({ country: null, region: null, city: null }),
    isBot: (ua) => ua.includes('bot'),
    parseUserAgent: () => ({ deviceType: 'desktop', browser: 'Chrome', os: 'Linux' }),
    visitorSalt: async () => 'salt',
    hash: (text) => text.length.toString(16).padStart(32, '0'),
    anonymousSession: (_visitor, _ts, startNew) => startNew(),
  });
  const writer = mockOf<GroupCommitWriter>();
  const consentLinks = mockOf<ConsentLinks>();
  const directory = mockOf<Pick<WebsiteDirectory, 'get'>>();
  writer.submit.mockResolvedValue({ inserted: 0, duplicates: 0, clicks: 0, conversions: 0 });
  const metrics = new IngestMetrics();
  const refusals = new RefusalLog();
  const service = new IngestService(ports, writer, metrics, refusals, consentLinks, directory);
  return { service, writer, consentLinks, directory, metrics, refusals };
}

const event = (changes: Record<string, unknown> = {}) => ({
  type: 'pageview',
  url: 'https://shop.example/',
  visitorId: 'visitor-0001',
  sessionId: 'session-0001',
  eventId: 'event-00001',
  ...changes,
});

describe('IngestService', () => {
  it('commits the accepted events and answers the dropped ones by index with their reason', async () => {
    const { service, writer, metrics } = build();
    const result = await service.collect(
      'site-1',
      [event(), { type: 'pageview' }, event({ eventId: 'event-00002' })],
      meta,
    );
    expect(result).toEqual({
      accepted: 2,
      dropped: [{ index: 1, reason: expect.stringMatching(/^invalid/) }],
    });
    const submitted = writer.submit.mock.calls[0]?.[0] ?? [];
    expect(submitted.map((e) => e.eventId)).toEqual(['event-00001', 'event-00002']);
    expect(metrics.counts.accepted).toBe(2);
    expect(metrics.counts.dropped.invalid).toBe(1);
  });

  it('remembers an event from another domain for first run, and writes nothing when all are dropped', async () => {
    const { service, writer, refusals, metrics } = build();
    const result = await service.collect('site-1', [event({ url: 'https://elsewhere.example/' })], meta);
    expect(result.accepted).toBe(0);
    expect(result.dropped[0]?.reason).toMatch(/^foreign_origin: /);
    expect(refusals.latestFor('site-1')).toMatchObject({
      reason: 'foreign_origin',
      count: 1,
      at: new Date(NOW).toISOString(),
    });
    expect(metrics.counts.dropped.foreign_origin).toBe(1);
    expect(writer.submit).not.toHaveBeenCalled();
  });

  it('counts a failed commit and passes the failure on', async () => {
    const { service, writer, metrics, consentLinks } = build();
    writer.submit.mockRejectedValue(new Error('disk full'));
    await expect(
      service.collect('site-1', [event({ type: 'consent', granted: true })], meta),
    ).rejects.toThrow('disk full');
    expect(metrics.counts.commitFailures).toBe(1);
    expect(metrics.counts.accepted).toBe(0);
    expect(consentLinks.link).not.toHaveBeenCalled();
  });

  it('links today’s hash visitor to the id a consent brings, once the consent is stored', async () => {
    const { service, consentLinks } = build();
    await service.collect(
      'site-1',
      [event({ type: 'consent', granted: true }), event({ eventId: 'event-00002' })],
      meta,
    );
    expect(consentLinks.link).toHaveBeenCalledTimes(1);
    expect(consentLinks.link).toHaveBeenCalledWith(
      'site-1',
      expect.stringMatching(/^h\./),
      'visitor-0001',
      Math.floor(NOW / DAY_MS) * DAY_MS,
    );
  });

  it('answers the tracker’s config from the website directory', async () => {
    const { service, directory } = build();
    const config = mockOf<PublicWebsite>();
    directory.get.mockResolvedValue(config);
    await expect(service.trackerConfig('site-1')).resolves.toBe(config);
    expect(directory.get).toHaveBeenCalledWith('site-1');
  });
});
