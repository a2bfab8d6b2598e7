import type { EventStore, FunnelEvent, FunnelEventSource } from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClickHouse } from '../../test/clickhouse/test-clickhouse';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { createTestDatabase, dialects, type TestDialect } from '../../test/test-database';
import { ClickHouseEventStore } from '../events/event-store.clickhouse';
import { SqlEventStore } from '../events/event-store.sql';
import { ClickHouseFunnelEventRepository } from './funnel-event.clickhouse';
import { containsPattern, FunnelEventRepository } from './funnel-event.sql';

describe.each([...dialects, 'clickhouse'] as const)('funnel candidate events on %s', (target) => {
  let events: (pageSize: number) => FunnelEventSource;
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    const dialect: TestDialect = target === 'clickhouse' ? 'sqlite' : target;
    const { database, close } = await createTestDatabase(dialect);
    closers.push(close);
    let store: EventStore = new SqlEventStore(database.db, database.dialect);
    events = (pageSize) => new FunnelEventRepository(database.db, pageSize);
    if (target === 'clickhouse') {
      const clickhouse = await createTestClickHouse();
      closers.push(clickhouse.close);
      store = new ClickHouseEventStore(database.db, database.dialect, clickhouse.client);
      events = (pageSize) => new ClickHouseFunnelEventRepository(clickhouse.client, pageSize);
    }
    const at = (
      ts: number,
      path: string,
      type: 'pageview' | 'click' = 'pageview',
      selector: string | null = null,
    ) =>
      ingestEvent({ websiteId: 'site', visitorId: `v${ts}`, sessionId: `s${ts}`, ts, path, type, selector });
    await store.commit([
      at(10, '/pricing'),
      at(10, '/en/PRICING'), // same time as the one before: stored order decides
      at(20, '/about'),
      at(30, '/100%_off'),
      at(30, '/100xyoff'), // '%' and '_' are no wildcards
      at(40, '/pricing', 'click', '#buy'),
      at(50, '/x', 'click', '.other'),
      at(60, '/pricing'),
      at(70, '/pricing'), // outside [0, 70)
      { ...at(15, '/pricing'), websiteId: 'other-site' },
    ]);
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  async function read(pageSize: number, paths: string[], selectors: string[]) {
    const seen: FunnelEvent[] = [];
    await events(pageSize).forEachFunnelEvent(
      { websiteId: 'site', start: 0, end: 70, paths, selectors },
      (e) => seen.push(e),
    );
    return seen.map((e) => `${e.ts}:${e.type}:${e.path}`);
  }

  it('returns matching pageviews (path contains, any case) and step clicks of the website in time order', async () => {
    const expected = [
      '10:pageview:/pricing',
      '10:pageview:/en/PRICING',
      '40:click:/pricing',
      '60:pageview:/pricing',
    ];
    expect(await read(1000, ['/pricing'], ['#buy'])).toEqual(expected);
    // Page by page, across rows with the same time, nothing is lost or repeated.
    expect(await read(1, ['/pricing'], ['#buy'])).toEqual(expected);
    expect(await read(2, ['/pricing'], ['#buy'])).toEqual(expected);
  });

  it('takes % and _ in a step path literally', async () => {
    expect(containsPattern('/100%_Off')).toBe('%/100\\%\\_off%');
    expect(await read(1000, ['/100%_off'], [])).toEqual(['30:pageview:/100%_off']);
    expect(await read(1000, [], [])).toEqual([]);
  });
});
