import type { ClickHouseClient } from '@clickhouse/client';
import {
  attribute,
  type CreditSettings,
  DAY_MS,
  defaultAttribution,
  type EventStore,
  HASH_VISITOR_PREFIX,
  HOUR_MS,
  type IngestEvent,
} from '@ocx/core';
import type { Database } from '../db/database';
import { AttributionRepository } from '../storage/attribution/attribution.repository';
import type { PendingConversion } from '../storage/attribution/pending-conversion';
import { CampaignRepository } from '../storage/campaigns/campaign.repository';
import { ClickHouseMirror } from '../storage/clickhouse/mirror.clickhouse';
import { ClickHouseEventStore } from '../storage/events/event-store.clickhouse';
import { SqlEventStore } from '../storage/events/event-store.sql';
import { createTestClickHouse } from './clickhouse/test-clickhouse';
import { ingestEvent } from './ingest-event.fixture';
import { createTestDatabase, type TestDialect } from './test-database';
import { insertWebsites } from './websites.fixture';

/**
 * Storage as a backend keeps it, for the contracts of the credit-based reads (report.contract.ts,
 * touchpoint.contract.ts): events committed through the backend's EventStore, credits written by
 * the crediting repository, and, with ClickHouse, its copies brought up to date.
 */
export interface CreditedStorage {
  database: Database;
  /** ClickHouse's client when the events are there, else null. */
  clickhouse: ClickHouseClient | null;
  events: EventStore;
  /** Copies what was written to ClickHouse, as the server's background task does. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** Everything in a fresh SQL database. */
export async function sqlStorage(dialect: TestDialect): Promise<CreditedStorage> {
  const { database, close } = await createTestDatabase(dialect);
  const events = new SqlEventStore(database.db, database.dialect);
  return { database, clickhouse: null, events, sync: async () => {}, close };
}

/** The events in a fresh ClickHouse database, the rest (and the credits) in SQLite beside it. */
export async function clickhouseStorage(): Promise<CreditedStorage> {
  const { database, close } = await createTestDatabase('sqlite');
  const clickhouse = await createTestClickHouse();
  const events = new ClickHouseEventStore(database.db, database.dialect, clickhouse.client);
  const mirror = new ClickHouseMirror(database.db, database.dialect, clickhouse.client);
  await mirror.start();
  return {
    database,
    clickhouse: clickhouse.client,
    events,
    async sync() {
      while ((await mirror.drain()) > 0);
    },
    async close() {
      await events.close();
      await clickhouse.close();
      await close();
    },
  };
}

/** Midnight UTC: day D of the scenario starts at T0 + D days. */
export const T0 = Date.parse('2026-06-01T00:00:00.000Z');
export const FIRST_DAY = T0 / DAY_MS;
export const SPRING_PAGE = 'https://shop.test/spring';
export const AUTUMN_PAGE = 'https://shop.test/autumn';
export const HOME_PAGE = 'https://shop.test/';

/** The times of the scenario's events (ms). */
export const AT = {
  annSpring: T0 + HOUR_MS,
  anonymous: T0 + 2 * HOUR_MS,
  annAutumn: T0 + DAY_MS + HOUR_MS,
  annBuys: T0 + DAY_MS + 2 * HOUR_MS,
  bobSpring: T0 + DAY_MS + 3 * HOUR_MS,
  bobBuys: T0 + DAY_MS + 4 * HOUR_MS,
  carlHome: T0 + 3 * DAY_MS,
  carlSignsUp: T0 + 3 * DAY_MS + HOUR_MS,
};

export interface CreditedSite {
  websiteId: string;
  /** A website of no one in the scenario, with a visit and a credited purchase of its own. */
  otherWebsiteId: string;
  spring: string;
  autumn: string;
  conversions: { ann: string; bob: string; carl: string };
}

let unique = 0;

/**
 * The scenario, credited under the default settings (version 1, active; 90-day window):
 * - ann lands on the spring page from campaign Spring (gclid, google / cpc) on day 0, on the autumn
 *   page from Autumn (fbclid, facebook / social) on day 1, and buys for 100 USD an hour later: a
 *   path of two touchpoints;
 * - a hash visitor (no consent) enters the spring page directly on day 0;
 * - bob lands on the spring page from Spring on day 1 and buys for 40 EUR;
 * - carl enters the home page directly on day 3 and signs up (no value, USD).
 * A version 2 (a 1-day window) is being computed: ann's purchase has its credits, but version 1
 * stays active, so no read may count them.
 */
export async function seedCreditedSite(storage: CreditedStorage): Promise<CreditedSite> {
  unique += 1;
  const websiteId = `credited-${unique}-${Date.now()}`;
  const otherWebsiteId = `${websiteId}-other`;
  await insertWebsites(storage.database, [websiteId, otherWebsiteId]);
  const campaigns = new CampaignRepository(storage.database.db);
  const campaign = async (name: string, path: string) => {
    const id = `${websiteId}-${name.toLowerCase()}`;
    await campaigns.insert({
      id,
      website_id: websiteId,
      name,
      network: 'Google Ads',
      source: 'Search',
      landing_page: `https://shop.test${path}`,
      utm_params: '{}',
      tracking_params: '[]',
      ocxid: id,
      created_at: new Date(T0).toISOString(),
      updated_at: new Date(T0).toISOString(),
    });
    return id;
  };
  const spring = await campaign('Spring', '/spring');
  const autumn = await campaign('Autumn', '/autumn');

  const visit = (
    visitorId: string,
    sessionId: string,
    ts: number,
    path: string,
    more: Partial<IngestEvent>,
  ) => ingestEvent({ websiteId, visitorId, sessionId, ts, path, url: `https://shop.test${path}`, ...more });
  const buy = (visitorId: string, sessionId: string, ts: number, value: number | null, currency: string) =>
    ingestEvent({
      websiteId,
      visitorId,
      sessionId,
      ts,
      type: 'custom',
      name: value === null ? 'signup' : 'purchase',
      value,
      currency,
      goalMatches: [
        { goalId: 'goal-buy', goalName: value === null ? 'Signup' : 'Purchase', value, currency },
      ],
    });
  const fromSpring = {
    campaignId: spring,
    channel: 'paid' as const,
    clickIdType: 'gclid',
    clickId: 'gclid-1',
    utm: { source: 'google', medium: 'cpc', campaign: 'spring', term: null, content: null },
  };
  await storage.events.commit([
    visit('ann', 'ann-1', AT.annSpring, '/spring', fromSpring),
    visit(`${HASH_VISITOR_PREFIX}anonymous`, 'anonymous-1', AT.anonymous, '/spring', {}),
    visit('ann', 'ann-2', AT.annAutumn, '/autumn', {
      campaignId: autumn,
      channel: 'paid',
      clickIdType: 'fbclid',
      clickId: 'fbclid-1',
      utm: { source: 'facebook', medium: 'social', campaign: 'autumn', term: null, content: null },
    }),
    buy('ann', 'ann-2', AT.annBuys, 100, 'USD'),
    visit('bob', 'bob-1', AT.bobSpring, '/spring', fromSpring),
    buy('bob', 'bob-1', AT.bobBuys, 40, 'EUR'),
    visit('carl', 'carl-1', AT.carlHome, '/', {}),
    buy('carl', 'carl-1', AT.carlSignsUp, null, 'USD'),
    { ...visit('ann', 'other-1', AT.annSpring, '/spring', {}), websiteId: otherWebsiteId },
    { ...buy('ann', 'other-1', AT.annBuys, 7, 'USD'), websiteId: otherWebsiteId },
  ]);

  const credited = await credit(storage, websiteId);
  await credit(storage, otherWebsiteId);
  await storage.sync();
  const conversionOf = (visitorId: string) => credited.find((c) => c.visitorId === visitorId)?.id ?? '';
  return {
    websiteId,
    otherWebsiteId,
    spring,
    autumn,
    conversions: { ann: conversionOf('ann'), bob: conversionOf('bob'), carl: conversionOf('carl') },
  };
}

/**
 * Credits the website's conversions as the crediting job does, through the same repository: version 1
 * active, each conversion's path read, attributed (core) and its credit rows written; then ann's
 * purchase under a version 2 that is not active yet.
 */
async function credit(storage: CreditedStorage, websiteId: string) {
  const { db, dialect } = storage.database;
  const repo = new AttributionRepository(db, dialect);
  const { window, settings } = defaultAttribution();
  const first: CreditSettings = { window, settings, crossDevice: false };
  const now = Date.now();
  await repo.ensureFirstVersion(db, websiteId, first, now);
  const pending = await repo.transaction((trx) => repo.claim(trx, websiteId, 100));
  const creditUnder = async (version: number, windowDays: number, conversion: PendingConversion) => {
    const clicks = await repo.touchpoints(
      db,
      websiteId,
      conversion.visitorId ?? '',
      false,
      conversion.ts - windowDays * DAY_MS,
      conversion.ts,
    );
    await repo.insertCredits(
      db,
      conversion,
      version,
      attribute(conversion, clicks, { window: windowDays, settings }),
    );
  };
  for (const conversion of pending) {
    await creditUnder(1, window, conversion);
    await repo.markCredited(db, conversion, null);
  }
  await repo.startVersion(db, websiteId, 2, { ...first, window: 1 }, pending.length, now);
  const ann = pending.find((c) => c.visitorId === 'ann');
  if (ann) await creditUnder(2, 1, ann);
  return pending;
}
