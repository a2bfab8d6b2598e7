import { randomUUID } from 'node:crypto';
import { type CollectResult, messages } from '@ocx/contracts';
import type { EventStore, StoredEvent } from '@ocx/core';
import { ValidationError } from '../../errors';
import type { Access, CurrentUser } from '../platform/access';
import type { IngestService, RequestMeta } from './ingest.service';

const id = () => randomUUID().replace(/-/g, '');

/** The Event Test screen: a real event through the real pipeline, and what the store holds. */
export class EventTestService {
  constructor(
    private readonly access: Access,
    private readonly ingest: IngestService,
    private readonly events: EventStore,
  ) {}

  async send(user: CurrentUser, websiteId: string, meta: RequestMeta): Promise<CollectResult> {
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
    return this.ingest.collect(website.id, [payload], meta);
  }

  async recent(user: CurrentUser, websiteId: string, limit: number): Promise<StoredEvent[]> {
    await this.access.website(user, websiteId, 'read');
    return this.events.recentEvents(websiteId, limit);
  }
}
