import { DAY_MS, HOUR_MS, type IngestEvent } from '@ocx/core';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { ClickHouseMirror } from '../../storage/clickhouse/mirror.clickhouse';
import { ClickHouseEventStore } from '../../storage/events/event-store.clickhouse';
import { SqlEventStore } from '../../storage/events/event-store.sql';
import { ingestEvent } from '../ingest-event.fixture';
import { createTestDatabase, type TestDialect } from '../test-database';
import { createTestClickHouse, type TestClickHouse } from './test-clickhouse';

/** Ten days across Berlin's fall-back change (2026-10-25), so the local buckets meet two offsets. */
export const T0 = Date.parse('2026-10-20T00:00:00.000Z');
export const END = T0 + 10 * DAY_MS;
export const SITE = 'side-site';

/**
 * The same 600 events for both stores: a fixed sequence (no randomness in tests). 40 visitors,
 * sessions of six hours, four countries and an unknown one, sources on some first events only, a
 * campaign, custom events with `plan` and `step` properties, a quarter of them goal conversions (Signup,
 * Purchase).
 */
export function sideBySideEvents(): IngestEvent[] {
  // mulberry32: every bit of it varies (a plain LCG's low bits repeat with short periods).
  let seed = 12345;
  const next = (n: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
  const pick = <T>(items: readonly T[]): T => items[next(items.length)] as T;
  return Array.from({ length: 600 }, (_, i) => {
    const visitor = `v${next(40)}`;
    const ts = T0 + next(10 * DAY_MS);
    const pageview = next(5) > 0;
    const sourced = next(3) === 0;
    const plan = pick(['free', 'pro', 1.5, true, null, undefined] as const);
    const goal = pageview ? null : pick(['Signup', 'Purchase', null, null, null, null, null, null] as const);
    return ingestEvent({
      websiteId: SITE,
      eventId: `side-${i}`,
      visitorId: visitor,
      sessionId: `${visitor}-${Math.floor((ts - T0) / (6 * HOUR_MS))}`,
      ts,
      type: pageview ? 'pageview' : 'custom',
      name: pageview ? null : 'signup',
      path: `/p${next(6)}`,
      url: `https://shop.test/p${next(6)}${next(2) ? '?q=1' : ''}${next(3) ? '' : '#top'}`,
      country: pick(['DE', 'US', 'FR', 'GB', null] as const),
      deviceType: pick(['desktop', 'mobile', null] as const),
      browser: pick(['Chrome', 'Firefox', 'Safari'] as const),
      os: pick(['Linux', 'Windows', null] as const),
      screen: pick(['desktop', 'laptop', 'mobile', null] as const),
      channel: sourced ? pick(['email', 'organic', 'paid'] as const) : 'direct',
      referrerDomain: sourced ? pick(['www.google.com', 'news.test', null] as const) : null,
      utm: {
        source: sourced ? pick(['newsletter', 'google', null] as const) : null,
        medium: sourced ? pick(['email', 'cpc'] as const) : null,
        campaign: sourced ? 'spring' : null,
        term: null,
        content: sourced && next(2) ? 'banner' : null,
      },
      campaignId: sourced ? pick(['camp-1', 'camp-2', null] as const) : null,
      props: pageview || plan === undefined ? null : { plan, step: next(3) },
      goalMatches: goal ? [{ goalId: `goal-${goal}`, goalName: goal, value: null, currency: 'USD' }] : [],
    });
  });
}

/** One SQL database with the events in its `event` table, one with them in ClickHouse beside it. */
export interface SideBySide {
  plain: Database;
  beside: Database;
  clickhouse: TestClickHouse;
  close(): Promise<void>;
}

/** The fixture committed to both, in batches of 50 as the group-commit writer would. */
export async function sideBySide(dialect: TestDialect, events = sideBySideEvents()): Promise<SideBySide> {
  const plain = await createTestDatabase(dialect);
  const beside = await createTestDatabase(dialect);
  const clickhouse = await createTestClickHouse();
  const stores = [
    new SqlEventStore(plain.database.db, plain.database.dialect),
    new ClickHouseEventStore(beside.database.db, beside.database.dialect, clickhouse.client),
  ];
  // ClickHouse's copies of the clicks and conversions, as the server keeps them (copied after the
  // commits, as the background task does).
  const mirror = new ClickHouseMirror(beside.database.db, beside.database.dialect, clickhouse.client);
  await mirror.start();
  for (let i = 0; i < events.length; i += 50)
    for (const store of stores) await store.commit(events.slice(i, i + 50).map((e) => ({ ...e })));
  while ((await mirror.drain()) > 0);
  // Statistics, as autovacuum keeps them: without, PostgreSQL takes the fresh tables for empty and
  // nests the filtered dashboard's semi-joins (seconds per query).
  if (dialect === 'postgres')
    for (const { db } of [plain.database, beside.database]) await sql`analyze`.execute(db);
  return {
    plain: plain.database,
    beside: beside.database,
    clickhouse,
    async close() {
      await plain.close();
      await beside.close();
      await clickhouse.close();
    },
  };
}
