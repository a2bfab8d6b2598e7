import { messages } from '@ocx/contracts';
import type { EventStore, StoredEvent } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors';
import { mockOf } from '../../test/service-mocks';
import { alice, websiteRow } from '../../test/service-rows.fixture';
import type { Access } from '../platform/access';
import { EventTestService } from './event-test.service';
import type { IngestService } from './ingest.service';

const meta = { ip: '81.2.69.142', userAgent: 'Mozilla/5.0', receivedAt: Date.parse('2024-03-01T10:00:00Z') };

function build() {
  const access = mockOf<Access>();
  const ingest = mockOf<IngestService>();
  const events = mockOf<EventStore>();
  access.website.mockResolvedValue(websiteRow());
  ingest.collect.mockResolvedValue({ accepted: 1, dropped: [] });
  return { service: new EventTestService(access, ingest, events), access, ingest, events };
}

describe('EventTestService', () => {
  it('sends one test event on the website’s domain through the real pipeline', async () => {
    const { service, access, ingest } = build();
    await expect(service.send(alice, 'site-1', meta)).resolves.toEqual({ accepted: 1, dropped: [] });
    expect(access.website).toHaveBeenCalledWith(alice, 'site-1', 'write');
    const [site, payloads, sentMeta] = ingest.collect.mock.calls[0] ?? [];
    expect(site).toBe('site-1');
    expect(sentMeta).toBe(meta);
    expect(payloads).toEqual([
      expect.objectContaining({
        type: 'custom',
        name: 'ocx_test_event',
        url: 'https://shop.example/ocx-event-test',
        props: { source: 'event-test' },
      }),
    ]);
  });

  it('makes fresh ids for each test event', async () => {
    const { service, ingest } = build();
    await service.send(alice, 'site-1', meta);
    await service.send(alice, 'site-1', meta);
    const ids = ingest.collect.mock.calls.map(([, [payload]]) => payload as Record<string, string>);
    expect(ids[0]?.eventId).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[0]?.eventId).not.toBe(ids[1]?.eventId);
    expect(ids[0]?.visitorId).not.toBe(ids[1]?.visitorId);
  });

  it('needs the website’s domain first', async () => {
    const { service, access, ingest } = build();
    access.website.mockResolvedValue(websiteRow({ root_domain: '' }));
    await expect(service.send(alice, 'site-1', meta)).rejects.toThrow(
      new ValidationError(messages.config.snippetMissingDomain),
    );
    expect(ingest.collect).not.toHaveBeenCalled();
  });

  it('shows what the store holds, for readers too', async () => {
    const { service, access, events } = build();
    const stored = [mockOf<StoredEvent>()];
    events.recentEvents.mockResolvedValue(stored);
    await expect(service.recent(alice, 'site-1', 20)).resolves.toBe(stored);
    expect(access.website).toHaveBeenCalledWith(alice, 'site-1', 'read');
    expect(events.recentEvents).toHaveBeenCalledWith('site-1', 20);
  });
});
