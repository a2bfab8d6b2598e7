import { messages } from '@ocx/contracts';
import type { EventStore, StoredEvent } from '@ocx/core';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors';
import type { TestEventRepository } from '../../storage/events/test-event.repository';
import { ingestEvent } from '../../test/ingest-event.fixture';
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
  const testEvents = mockOf<TestEventRepository>();
  access.website.mockResolvedValue(websiteRow());
  ingest.check.mockImplementation(async (site) =>
    ingestEvent({ websiteId: site, type: 'custom', name: 'ocx_test_event', ip: meta.ip }),
  );
  return {
    service: new EventTestService(access, ingest, events, testEvents),
    access,
    ingest,
    events,
    testEvents,
  };
}

const stored = (id: number, ts: number) => ({ id, ts, eventId: `e${id}` }) as StoredEvent;

describe('EventTestService', () => {
  it('checks one test event on the website’s domain with the pipeline, and keeps it apart from the events', async () => {
    const { service, access, ingest, testEvents } = build();
    await expect(service.send(alice, 'site-1', meta)).resolves.toEqual({
      stored: true,
      reason: null,
      message: messages.eventTest.stored,
    });
    expect(access.website).toHaveBeenCalledWith(alice, 'site-1', 'write');
    const [site, payload, sentMeta] = ingest.check.mock.calls[0] ?? [];
    expect(site).toBe('site-1');
    expect(sentMeta).toBe(meta);
    expect(payload).toEqual(
      expect.objectContaining({
        type: 'custom',
        name: 'ocx_test_event',
        url: 'https://shop.example/ocx-event-test',
        props: { source: 'event-test' },
      }),
    );
    expect(ingest.collect).not.toHaveBeenCalled();
    const [kept] = testEvents.add.mock.calls[0] ?? [];
    expect(kept).toMatchObject({ websiteId: 'site-1', type: 'custom', name: 'ocx_test_event' });
    expect(kept).not.toHaveProperty('ip');
  });

  it('says at once why the pipeline dropped it, and keeps nothing', async () => {
    const { service, ingest, testEvents } = build();
    ingest.check.mockResolvedValue({ drop: 'bot' });
    const result = await service.send(alice, 'site-1', { ...meta, userAgent: 'Googlebot/2.1' });
    expect(result).toEqual({
      stored: false,
      reason: 'bot',
      message: messages.eventTest.droppedBot('Googlebot/2.1'),
    });
    expect(testEvents.add).not.toHaveBeenCalled();
  });

  it('makes fresh ids for each test event', async () => {
    const { service, ingest } = build();
    await service.send(alice, 'site-1', meta);
    await service.send(alice, 'site-1', meta);
    const ids = ingest.check.mock.calls.map(([, payload]) => payload as Record<string, string>);
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
    expect(ingest.check).not.toHaveBeenCalled();
  });

  it('lists stored and test events together, newest first, marking the tests, for readers too', async () => {
    const { service, access, events, testEvents } = build();
    events.recentEvents.mockResolvedValue([stored(2, 300), stored(1, 100)]);
    testEvents.recent.mockResolvedValue([{ ...stored(7, 200), test: true }]);
    const list = await service.recent(alice, 'site-1', 2);
    expect(list.map((e) => [e.eventId, e.test])).toEqual([
      ['e2', false],
      ['e7', true],
    ]);
    expect(access.website).toHaveBeenCalledWith(alice, 'site-1', 'read');
    expect(events.recentEvents).toHaveBeenCalledWith('site-1', 2);
    expect(testEvents.recent).toHaveBeenCalledWith('site-1', 2);
  });
});
