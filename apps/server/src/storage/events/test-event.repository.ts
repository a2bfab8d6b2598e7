import type { RecentEvent, StoredEvent } from '@ocx/core';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** A website keeps this many test events; older ones go as new ones come. */
export const TEST_EVENTS_KEPT = 20;

/**
 * The Event Test's events, in their own table under every backend: no report reads it, so a test
 * event is stored and shown without counting anywhere. Callers check the website's access first.
 */
export class TestEventRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async add(event: Omit<StoredEvent, 'id'>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('test_event')
        .values({ website_id: event.websiteId, ts: event.ts, event: JSON.stringify(event) })
        .execute();
      const keep = trx
        .selectFrom('test_event')
        .select('id')
        .where('website_id', '=', event.websiteId)
        .orderBy('ts', 'desc')
        .orderBy('id', 'desc')
        .limit(TEST_EVENTS_KEPT);
      await trx
        .deleteFrom('test_event')
        .where('website_id', '=', event.websiteId)
        .where('id', 'not in', keep)
        .execute();
    });
  }

  /** The website's latest test events, newest first. */
  async recent(websiteId: string, limit: number): Promise<RecentEvent[]> {
    const rows = await this.db
      .selectFrom('test_event')
      .select(['id', 'event'])
      .where('website_id', '=', websiteId)
      .orderBy('ts', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      ...(JSON.parse(r.event) as Omit<StoredEvent, 'id'>),
      id: Number(r.id),
      test: true,
    }));
  }
}
