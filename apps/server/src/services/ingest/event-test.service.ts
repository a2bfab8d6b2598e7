import { randomUUID } from 'node:crypto';
import { messages, type TestEventResult } from '@ocx/contracts';
import {
  type EventStore,
  explainDrop,
  type IngestEvent,
  isDrop,
  type RecentEvent,
  type StoredEvent,
} from '@ocx/core';
import { ValidationError } from '../../errors';
import type { TestEventRepository } from '../../storage/events/test-event.repository';
import type { Access, CurrentUser } from '../platform/access';
import type { IngestService, RequestMeta } from './ingest.service';

const id = () => randomUUID().replace(/-/g, '');

/**
 * The Event Test screen: an event through the visitors' pipeline, told at once why it would be
 * dropped, and kept apart when it passes (a test event counts in no report); and what the store holds.
 */
export class EventTestService {
  constructor(
    private readonly access: Access,
    private readonly ingest: Pick<IngestService, 'check'>,
    private readonly events: Pick<EventStore, 'recentEvents'>,
    private readonly testEvents: Pick<TestEventRepository, 'add' | 'recent'>,
  ) {}

  async send(user: CurrentUser, websiteId: string, meta: RequestMeta): Promise<TestEventResult> {
    const website = await this.access.website(user, websiteId, 'write');
    if (!website.root_domain) throw new ValidationError(messages.config.snippetMissingDomain);
    const payload = {
      type: 'custom',
      name: 'ocx_test_event',
      url: `https://${website.root_domain}/ocx-event-test`,
      title: 'OCX event test',
      visitorId: id(),
      sessionId: id(),
      eventId: id(),
      props: { source: 'event-test' },
    };
    const result = await this.ingest.check(website.id, payload, meta);
    if (isDrop(result)) {
      const context = { userAgent: meta.userAgent, rootDomain: website.root_domain };
      return { stored: false, reason: result.drop, message: explainDrop(result, context) };
    }
    await this.testEvents.add(listed(result));
    return { stored: true, reason: null, message: messages.eventTest.stored };
  }

  /** The website's latest events and test events together, newest first. */
  async recent(user: CurrentUser, websiteId: string, limit: number): Promise<RecentEvent[]> {
    await this.access.website(user, websiteId, 'read');
    const [stored, tests] = await Promise.all([
      this.events.recentEvents(websiteId, limit),
      this.testEvents.recent(websiteId, limit),
    ]);
    return [...stored.map((e) => ({ ...e, test: false })), ...tests]
      .sort((a, b) => b.ts - a.ts)
      .slice(0, limit);
  }
}

/** The event as the Event Test lists it: what the pipeline made of it, without the address. */
function listed(e: IngestEvent): Omit<StoredEvent, 'id'> {
  return {
    websiteId: e.websiteId,
    eventId: e.eventId,
    type: e.type,
    name: e.name,
    ts: e.ts,
    url: e.url,
    path: e.path,
    title: e.title,
    referrerDomain: e.referrerDomain,
    channel: e.channel,
    campaignId: e.campaignId,
    clickIdType: e.clickIdType,
    country: e.country,
    deviceType: e.deviceType,
    browser: e.browser,
    os: e.os,
    value: e.value,
    currency: e.currency,
    visitorId: e.visitorId,
    sessionId: e.sessionId,
  };
}
