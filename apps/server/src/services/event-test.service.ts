import { randomUUID } from 'node:crypto';
import { type CollectResult, messages } from '@ocx/contracts';
import type { EventStore, StoredEvent } from '@ocx/core';
import { ValidationError } from '../errors';
import type { IngestService, RequestMeta } from './ingest.service';
import type { CurrentUser, WebsiteService } from './website.service';

const id = () => randomUUID().replace(/-/g, '');

/** The Event Test screen: a real event through the real pipeline, and what the store holds. */
export class EventTestService {
  constructor(
    private readonly websites: WebsiteService,
    private readonly ingest: IngestService,
    private readonly events: EventStore,
  ) {}

  async send(user: CurrentUser, websiteId: string, meta: RequestMeta): Promise<CollectResult> {
    const website = await this.websites.get(user, websiteId);
    if (!website.rootDomain) throw new ValidationError(messages.config.snippetMissingDomain);
    const payload = {
      type: 'custom',
      name: 'ocx_test_event',
      url: `https://${website.rootDomain}/ocx-event-test`,
      title: 'OCX event test',
      visitorId: id(),
      sessionId: id(),
      eventId: id(),
      props: { source: 'event-test' },
    };
    return this.ingest.collect(website.id, [payload], meta);
  }

  async recent(user: CurrentUser, websiteId: string, limit: number): Promise<StoredEvent[]> {
    await this.websites.owned(user, websiteId);
    return this.events.recentEvents(websiteId, limit);
  }
}
