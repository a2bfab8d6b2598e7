// Writes `count` realistic events for one website straight into the SQLite event store (the same
// SqliteEventStore.commit the collect endpoint ends in: events, sessions, clicks, conversions and
// the dashboard rollups, one transaction per batch), spread over `days` days up to now.
// Run by query.bench.mjs with tsx:  tsx bench/query-seed.ts <db file> <seed json>
// Prints one JSON line with what it wrote, for the bench to check the dashboard against.
import { readFileSync } from 'node:fs';
import type { Channel, EventStore, IngestEvent } from '@ocx/core';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database';
import { openClickHouse } from '../apps/server/src/storage/clickhouse/clickhouse-client';
import { ClickHouseEventStore } from '../apps/server/src/storage/events/event-store.clickhouse';
import { SqliteEventStore } from '../apps/server/src/storage/events/event-store.sqlite';

interface Seed {
  siteId: string;
  host: string;
  goal: { id: string; name: string };
  campaigns: { id: string; ocxid: string; source: string; medium: string }[];
  count: number;
  days: number;
  /** Share of sessions that end in a purchase (3% for the dashboard bench). */
  buyRate?: number;
}

const [file, seedFile, clickhouseUrl] = process.argv.slice(2);
if (!file || !seedFile) throw new Error('usage: query-seed.ts <db file> <seed json file> [clickhouse url]');
const seed = JSON.parse(readFileSync(seedFile, 'utf8')) as Seed;

// A fixed-seed generator (mulberry32): every run writes the same traffic.
let state = 0x5eed;
function rand(): number {
  state = (state + 0x6d2b79f5) | 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
/** Zipf-like: low indexes far more often, as real page popularity. */
const skewed = (n: number) => Math.min(n - 1, Math.floor(n * rand() ** 2.2));

const PATHS = [
  '/',
  '/pricing',
  '/features',
  '/about',
  '/contact',
  '/checkout',
  '/cart',
  ...Array.from({ length: 120 }, (_, i) => `/product/${i + 1}`),
  ...Array.from({ length: 60 }, (_, i) => `/blog/post-${i + 1}`),
  ...Array.from({ length: 20 }, (_, i) => `/docs/page-${i + 1}`),
];
const SEARCH = ['www.google.com', 'www.bing.com', 'duckduckgo.com', 'search.yahoo.com'];
const SOCIAL = ['facebook.com', 'l.instagram.com', 't.co', 'www.linkedin.com', 'www.reddit.com'];
const REFERRAL = Array.from({ length: 40 }, (_, i) => `partner-${i + 1}.example.org`);
const DEVICES = [
  { deviceType: 'desktop', browser: 'Chrome', os: 'Windows', screen: 'desktop' },
  { deviceType: 'desktop', browser: 'Safari', os: 'macOS', screen: 'laptop' },
  { deviceType: 'mobile', browser: 'Mobile Safari', os: 'iOS', screen: 'mobile' },
  { deviceType: 'mobile', browser: 'Chrome', os: 'Android', screen: 'mobile' },
  { deviceType: 'desktop', browser: 'Firefox', os: 'Linux', screen: 'laptop' },
];
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'NL', 'CA', 'AU', 'IN', 'BR', 'ES'];
const noUtm = { source: null, medium: null, campaign: null, term: null, content: null };

interface Entrance {
  channel: Channel;
  query: string;
  referrer: string | null;
  referrerDomain: string | null;
  utm: IngestEvent['utm'];
  ocxid: string | null;
  campaignId: string | null;
  clickIdType: string | null;
  clickId: string | null;
}

function entrance(n: number): Entrance {
  const base: Entrance = {
    channel: 'direct',
    query: '',
    referrer: null,
    referrerDomain: null,
    utm: noUtm,
    ocxid: null,
    campaignId: null,
    clickIdType: null,
    clickId: null,
  };
  const r = rand();
  if (r < 0.3) return base;
  if (r < 0.55) {
    const domain = pick(SEARCH);
    return { ...base, channel: 'organic', referrer: `https://${domain}/`, referrerDomain: domain };
  }
  if (r < 0.67) {
    const domain = pick(SOCIAL);
    return { ...base, channel: 'social', referrer: `https://${domain}/`, referrerDomain: domain };
  }
  if (r < 0.75) {
    const utm = { ...noUtm, source: 'newsletter', medium: 'email', campaign: 'weekly' };
    return {
      ...base,
      channel: 'email',
      query: '?utm_source=newsletter&utm_medium=email&utm_campaign=weekly',
      utm,
    };
  }
  if (r < 0.85) {
    const domain = pick(REFERRAL);
    return { ...base, channel: 'referral', referrer: `https://${domain}/links`, referrerDomain: domain };
  }
  const campaign = pick(seed.campaigns);
  const gclid = `Cj0KCQ${n.toString(36).padStart(12, '0')}`;
  return {
    ...base,
    channel: 'paid',
    query: `?ocxid=${campaign.ocxid}&utm_source=${campaign.source}&utm_medium=${campaign.medium}&gclid=${gclid}`,
    referrer: 'https://www.google.com/',
    referrerDomain: 'www.google.com',
    utm: { ...noUtm, source: campaign.source, medium: campaign.medium },
    ocxid: campaign.ocxid,
    campaignId: campaign.id,
    clickIdType: 'gclid',
    clickId: gclid,
  };
}

const DAY = 86_400_000;
const now = Date.now();
const start = now - seed.days * DAY;
// A postgres:// URL: the metadata and derived rows in PostgreSQL (with the events in ClickHouse).
const database = openDatabase(
  file.startsWith('postgres') ? { dialect: 'postgres', url: file } : { dialect: 'sqlite', file },
);
// Seeding only: the bench measures reads, so commits need not wait for the disk.
database.sqlite?.pragma('synchronous = OFF');
function sqliteOf(db: typeof database) {
  if (!db.sqlite) throw new Error('without ClickHouse the seed writes a SQLite file');
  return db.sqlite;
}

// With a ClickHouse URL the events go there and the rest into the SQLite file, as the server does.
const clickhouse = clickhouseUrl ? openClickHouse(clickhouseUrl) : null;
const store: EventStore = clickhouse
  ? new ClickHouseEventStore(database.db, database.dialect, clickhouse)
  : new SqliteEventStore(database.db, sqliteOf(database));

/**
 * The rollup rows every commit updates (a value's visitors per day, a page's, the day counters): a
 * few thousand rows updated millions of times. PostgreSQL's autovacuum clears their dead versions a
 * minute at a time; this machine's PostgreSQL runs without it (autovacuum = off for CI), and after an
 * hour of seeding one such table held 3.8 million dead versions of its 19,000 rows, each update
 * walking them. The seed vacuums them as autovacuum would, every VACUUM_EVERY commits.
 */
const COUNTER_TABLES = [
  'dash_value_seen_day',
  'dash_value_day',
  'dash_page',
  'dash_page_day',
  'dash_source_day',
  'dash_visitor',
  'dash_day',
  'dash_event_day',
  'conversion',
];
const VACUUM_EVERY = 20;
async function vacuumCounters() {
  if (database.dialect !== 'postgres') return;
  for (const table of COUNTER_TABLES) await sql`vacuum ${sql.table(table)}`.execute(database.db);
}

// Sessions start in time order; traffic grows over the period (more events per day lately).
const span = seed.days * DAY;
const visitors: string[] = [];
let written = 0;
let pageviews = 0;
let conversions = 0;
let sessionNo = 0;
let batch: IngestEvent[] = [];
let commits = 0;
const distinctVisitors = new Set<string>();

while (written < seed.count) {
  // Whole milliseconds, as the collect endpoint stores them.
  const ts = Math.floor(start + span * (written / seed.count) ** 0.8 + rand() * 60_000);
  sessionNo += 1;
  const returning = visitors.length > 0 && rand() < 0.35;
  const visitorId = returning ? pick(visitors) : `visitor-${sessionNo.toString(36).padStart(10, '0')}`;
  if (!returning) visitors.push(visitorId);
  distinctVisitors.add(visitorId);
  const sessionId = `session-${sessionNo.toString(36).padStart(10, '0')}`;
  const from = entrance(sessionNo);
  const device = pick(DEVICES);
  const country = pick(COUNTRIES);
  // As DB-IP's city database names them: "Region, CC" and "City, Region, CC".
  const region = `${pick(['North', 'South', 'East', 'West'])}, ${country}`;
  const city = `${pick(['Harbour', 'Hill', 'Bridge', 'Mill', 'Ford', 'Field'])} Town, ${region}`;
  const views = 1 + Math.floor(rand() ** 1.6 * 7);
  const buys = rand() < (seed.buyRate ?? 0.03);
  let t = ts;
  for (let v = 0; v < views + (buys ? 1 : 0) && written < seed.count; v++) {
    const isBuy = v === views;
    const path = isBuy
      ? '/checkout'
      : v === 0
        ? (PATHS[skewed(PATHS.length)] ?? '/')
        : (PATHS[skewed(PATHS.length)] ?? '/');
    const landing = v === 0;
    const url = `https://${seed.host}${path}${landing ? from.query : ''}`;
    batch.push({
      websiteId: seed.siteId,
      type: isBuy ? 'custom' : 'pageview',
      eventId: `e-${sessionNo.toString(36)}-${v}`,
      visitorId,
      sessionId,
      ts: Math.min(t, now - 1000),
      url,
      host: seed.host,
      path,
      query: landing ? from.query : '',
      title: null,
      referrer: landing ? from.referrer : null,
      name: isBuy ? 'purchase' : null,
      selector: null,
      value: isBuy ? 49 : null,
      currency: isBuy ? 'USD' : null,
      props: null,
      userId: null,
      granted: null,
      linkFrom: null,
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0',
      website: null,
      country,
      region,
      city,
      ...device,
      utm: landing ? from.utm : noUtm,
      ocxid: landing ? from.ocxid : null,
      campaignId: landing ? from.campaignId : null,
      clickIdType: landing ? from.clickIdType : null,
      clickId: landing ? from.clickId : null,
      referrerDomain: landing ? from.referrerDomain : null,
      channel: from.channel,
      goalMatches: isBuy
        ? [{ goalId: seed.goal.id, goalName: seed.goal.name, value: 49, currency: 'USD' }]
        : [],
      notices: [],
    });
    written += 1;
    if (isBuy) conversions += 1;
    else pageviews += 1;
    t += 20_000 + Math.floor(rand() * 90_000);
  }
  if (batch.length >= 5000) {
    await store.commit(batch);
    batch = [];
    if (++commits % VACUUM_EVERY === 0) await vacuumCounters();
  }
}
if (batch.length > 0) await store.commit(batch);
await store.close();
// A bulk load of hours: PostgreSQL's autovacuum would set the visibility map and statistics in the
// background and, during the measuring, slow the requests it overlaps; settle them now, as a database
// that took these events over 90 days would be.
if (database.dialect === 'postgres') await sql`vacuum analyze`.execute(database.db);
await database.destroy();
console.log(
  JSON.stringify({
    events: written,
    pageviews,
    conversions,
    sessions: sessionNo,
    visitors: distinctVisitors.size,
  }),
);
