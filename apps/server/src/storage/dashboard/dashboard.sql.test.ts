import type { EventStore } from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { createTestDatabase, dialects } from '../../test/test-database';
import { SqlEventStore } from '../events/event-store.sql';
import { SqliteEventStore } from '../events/event-store.sqlite';
import { SqlDashboardRepository } from './dashboard.sql';
import { VISITOR_SEEN_STEP_MS } from './dashboard-rollups';

const S = 1_000;
const T0 = Date.parse('2026-05-04T10:00:00.000Z');
/** [visitor, seconds after T0], each committed on its own so no batch hides the step. */
const SIGHTINGS: [string, number][] = [
  ['a', 0],
  ['b', 0],
  ['a', 30],
  ['b', 50],
  ['a', 59],
  ['a', 70],
  ['c', 100],
  ['a', 100],
  ['d', 200],
];

describe.each(dialects)('dashboard visitors since a moment on %s', (dialect) => {
  let database: Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, close } = await createTestDatabase(dialect));
    // Both write paths: SQLite's prepared-statement hot path and the Kysely one PostgreSQL uses.
    const store: EventStore = database.sqlite
      ? new SqliteEventStore(database.db, database.sqlite)
      : new SqlEventStore(database.db, database.dialect);
    let n = 0;
    for (const [visitor, seconds] of SIGHTINGS) {
      n += 1;
      await store.commit([
        ingestEvent({
          websiteId: 'site',
          eventId: `seen-${n}`,
          visitorId: visitor,
          sessionId: `s-${visitor}`,
          ts: T0 + seconds * S,
        }),
      ]);
    }
  });
  afterAll(() => close());

  it('stores a later sighting only a step after the stored one', async () => {
    const rows = await database.db
      .selectFrom('dash_visitor')
      .select(['visitor_id', 'last_seen'])
      .orderBy('visitor_id')
      .execute();
    expect(VISITOR_SEEN_STEP_MS).toBe(60 * S);
    expect(rows.map((r) => [r.visitor_id, (Number(r.last_seen) - T0) / S])).toEqual([
      ['a', 70],
      ['b', 0],
      ['c', 100],
      ['d', 200],
    ]);
  });

  it('counts exactly the visitors with an event at or after every moment', async () => {
    const repo = new SqlDashboardRepository(database.db);
    for (let seconds = -10; seconds <= 210; seconds += 1) {
      const truth = new Set(SIGHTINGS.filter(([, s]) => s >= seconds).map(([v]) => v)).size;
      expect([seconds, await repo.visitorsSince('site', T0 + seconds * S)]).toEqual([seconds, truth]);
    }
  });
});
