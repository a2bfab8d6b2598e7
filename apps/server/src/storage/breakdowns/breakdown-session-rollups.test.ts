import { breakdownPlan, type EventStore, type IngestEvent, SESSION_BREAKDOWNS } from '@ocx/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { addExitPages } from '../../migrations/exit-pages.shared';
import { createSessionDays } from '../../migrations/session-days.shared';
import { createSessionRollups } from '../../migrations/session-rollups.shared';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { createTestDatabase, dialects } from '../../test/test-database';
import { SqlEventStore } from '../events/event-store.sql';
import { SqliteEventStore } from '../events/event-store.sqlite';
import { SqlBreakdownRepository } from './breakdown.sql';

const M = 60_000;
const H = 60 * M;
const DAY = 24 * H;
const T0 = Date.parse('2026-05-04T00:00:00.000Z');

const google = { referrerDomain: 'www.google.com', channel: 'organic' as const };
const email = {
  channel: 'email' as const,
  utm: { source: 'newsletter', medium: 'email', campaign: 'weekly', term: null, content: null },
  campaignId: 'c1',
};
const paid = {
  ...google,
  channel: 'paid' as const,
  utm: { source: 'google', medium: 'cpc', campaign: 'spring', term: 'shoes', content: 'ad1' },
  campaignId: 'c2',
};
const none = { referrerDomain: null, channel: 'direct' as const };

/** [commit group, session, visitor, ms after T0, a path or a custom event's name, the event's sources] */
type Row = [number, string, string, number, string, Partial<IngestEvent>?];
const EVENTS: Row[] = [
  // A session crossing hours, its last_seen moving in steps.
  [1, 's1', 'a', 10 * M, '/', google],
  [2, 's1', 'a', 20 * M, '/pricing', none],
  [3, 's1', 'a', 50 * M, '/docs', none],
  [4, 's1', 'a', 70 * M, '/blog', none],
  [5, 's1', 'a', 110 * M, '/x', none],
  // A custom event first: the entry page is known from a later commit.
  [1, 's2', 'b', 55 * M, 'signup', email],
  [3, 's2', 'b', 58 * M, '/landing', none],
  [5, 's2', 'b', 65 * M, '/pricing', none],
  // Visitor a again, the same source later; a purchase.
  [6, 's3', 'a', 2 * H, '/', google],
  [6, 's3', 'a', 2 * H + 10 * M, '/docs', none],
  [7, 's3', 'a', 2 * H + 20 * M, 'purchase', none],
  // Paid, then an earlier event arriving late re-keys the session (sources and entry page).
  [6, 's4', 'c', 3 * H + 30 * M, '/shoes', paid],
  [7, 's4', 'c', 3 * H + 40 * M, '/cart', none],
  [7, 's4', 'c', 3 * H + 45 * M, 'purchase', none],
  [9, 's4', 'c', 3 * H + 20 * M, '/early', { referrerDomain: 'duckduckgo.com', channel: 'organic' }],
  // Started by a custom event; a pageview earlier than the entry arrives late (the entry only moves).
  [7, 's5', 'd', 4 * H, 'signup', none],
  [8, 's5', 'd', 4 * H + 10 * M, '/a', none],
  [9, 's5', 'd', 4 * H + 5 * M, '/b', none],
  // Two visitors in one session (a consent link moved some of its events).
  [8, 's6', 'e', 5 * H, '/', { referrerDomain: 'partner.example', channel: 'referral' }],
  [9, 's6', 'f', 5 * H + 10 * M, '/about', none],
  // Two first events at the same instant: the one stored first is the session's.
  [8, 's7', 'g', 6 * H, '/', { referrerDomain: 'x.example', channel: 'referral' }],
  [8, 's7', 'g', 6 * H, '/y', { referrerDomain: 'y.example', channel: 'referral' }],
  [9, 's7', 'g', 6 * H, '/z', { referrerDomain: 'z.example', channel: 'referral' }],
  // The next day: a long session, and visitor a's third.
  [10, 's8', 'b', DAY + H, '/', { referrerDomain: 't.co', channel: 'social' }],
  [11, 's8', 'b', DAY + H + 20 * M, '/blog', none],
  [12, 's8', 'b', DAY + H + 40 * M, '/docs', none],
  [13, 's8', 'b', DAY + 2 * H, '/pricing', none],
  [14, 's8', 'b', DAY + 3 * H, '/', none],
  [12, 's9', 'a', DAY + 2 * H + 30 * M, '/', { referrerDomain: 'www.bing.com', channel: 'organic' }],
  [13, 's9', 'a', DAY + 2 * H + 31 * M, '/', paid],
  [14, 's10', 'h', DAY + 4 * H, '/', paid],
  // A long session (over core SESSION_LONG_MS) crossing a range's start hours after it began.
  ...Array.from(
    { length: 17 },
    (_, i): Row => [15 + i, 's11', 'i', DAY + 5 * H + i * 25 * M, `/long-${i}`, i === 0 ? email : none],
  ),
];

/** Range starts: all time, inside sessions, on whole hours, before a re-keyed event, the next day. */
const FROMS = [
  0,
  5 * M,
  10 * M,
  15 * M,
  55 * M,
  H,
  65 * M,
  90 * M,
  2 * H,
  2 * H + 10 * M,
  3 * H + 25 * M,
  3 * H + 30 * M,
  4 * H + 5 * M,
  5 * H + 5 * M,
  6 * H,
  DAY,
  DAY + H + 30 * M,
  DAY + 2 * H + 30 * M + 30 * 1000,
  DAY + 11 * H + 30 * M,
  2 * DAY,
];

const DIMENSIONS = Object.keys(SESSION_BREAKDOWNS) as (keyof typeof SESSION_BREAKDOWNS)[];
const PAGE = { limit: 1000, offset: 0 };

function event([, sessionId, visitorId, at, what, sources]: Row, n: number): IngestEvent {
  const custom = !what.startsWith('/');
  return ingestEvent({
    websiteId: 'site',
    eventId: `e-${n}`,
    sessionId,
    visitorId,
    ts: T0 + at,
    ...none,
    ...sources,
    ...(custom
      ? {
          type: 'custom',
          name: what,
          path: '/x',
          url: 'https://shop.test/x',
          goalMatches:
            what === 'purchase' ? [{ goalId: 'g', goalName: 'Purchase', value: null, currency: 'USD' }] : [],
        }
      : { path: what, url: `https://shop.test${what}` }),
  });
}

type Writer = 'sqlite' | 'sqlite-deferred' | 'kysely';
const writers = dialects.flatMap((d): [string, Writer][] =>
  d === 'sqlite'
    ? [
        ['sqlite', 'sqlite'],
        ['sqlite', 'sqlite-deferred'],
        ['sqlite', 'kysely'],
      ]
    : [[d, 'kysely']],
);

/**
 * Issue 27: the session breakdowns from the session rollups (migration 0033) answer exactly the rows
 * the raw events give, from any moment: sessions crossing the range's start or an hour, last_seen
 * steps, entry pages known late, events arriving late that re-key a session, two visitors in one.
 */
describe.each(writers)('session breakdowns from the rollups on %s (%s writer)', (dialect, writer) => {
  let database: Database;
  let close: () => Promise<void>;
  let repo: SqlBreakdownRepository;

  beforeAll(async () => {
    ({ database, close } = await createTestDatabase(dialect as 'sqlite' | 'postgres'));
    repo = new SqlBreakdownRepository(database.db, database.dialect);
    const store: EventStore =
      database.sqlite && writer !== 'kysely'
        ? new SqliteEventStore(
            database.db,
            database.sqlite,
            writer === 'sqlite-deferred' ? { deferAt: 1 } : {},
          )
        : new SqlEventStore(database.db, database.dialect);
    const groups = [...new Set(EVENTS.map((e) => e[0]))].sort((a, b) => a - b);
    for (const group of groups) {
      await store.commit(EVENTS.flatMap((e, i) => (e[0] === group ? [event(e, i)] : [])));
      // Deferred: each group derived in its own pass, so a late event re-keys a derived session.
      await store.settle();
    }
  });
  afterAll(() => close());

  it('gives the raw rows for every session dimension from every moment', async () => {
    for (const dimension of DIMENSIONS) {
      const plan = breakdownPlan(dimension);
      if (plan.source.kind !== 'session') throw new Error(`${dimension} is not a session value`);
      for (const offset of FROMS) {
        const from = T0 + offset;
        const raw = await repo.rows({ websiteId: 'site', from, filters: {} }, plan.source, false, PAGE);
        const rolled = await repo.sessionRows({ websiteId: 'site', from }, dimension, plan.source, PAGE);
        expect(rolled, `${dimension} from +${offset / M} min`).toEqual(raw);
      }
    }
  });

  it('reaches the cases it is for: a re-keyed session, a late entry, equal instants, moving exits', async () => {
    const rows = async (dimension: keyof typeof SESSION_BREAKDOWNS) => {
      const plan = breakdownPlan(dimension);
      if (plan.source.kind !== 'session') throw new Error(`${dimension} is not a session value`);
      return (await repo.sessionRows({ websiteId: 'site', from: 0 }, dimension, plan.source, PAGE)).rows;
    };
    const referrers = (await rows('referrer')).map((r) => r.value);
    expect(referrers).toContain('duckduckgo.com');
    expect(referrers).toContain('x.example');
    expect(referrers).not.toContain('y.example');
    expect(referrers).not.toContain('z.example');
    const entries = await rows('entry_page');
    expect(entries.find((r) => r.value === '/early')).toMatchObject({
      visitors: 1,
      pageviews: 3,
      conversions: 1,
    });
    expect(entries.find((r) => r.value === '/b')).toMatchObject({ visitors: 1, pageviews: 2 });
    expect(entries.find((r) => r.value === '/shoes')).toBeUndefined();
    expect((await rows('utm_term')).map((r) => r.value)).toEqual(['shoes']);
    // Exits: a late earlier pageview leaves the exit; of equal instants the one stored last is it.
    const exits = await rows('exit_page');
    expect(exits.find((r) => r.value === '/a')).toMatchObject({ visitors: 1, pageviews: 2 });
    expect(exits.find((r) => r.value === '/z')).toMatchObject({ visitors: 1, pageviews: 3 });
    expect(exits.find((r) => r.value === '/')).toMatchObject({ visitors: 3, pageviews: 8 });
    expect(exits.map((r) => r.value)).not.toContain('/b');
  });

  it('pages the same way: a window of rows, and the count past the last row', async () => {
    const plan = breakdownPlan('entry_page');
    if (plan.source.kind !== 'session') throw new Error('entry_page is a session value');
    for (const page of [
      { limit: 2, offset: 1 },
      { limit: 10, offset: 50 },
    ])
      expect(
        await repo.sessionRows({ websiteId: 'site', from: T0 }, 'entry_page', plan.source, page),
      ).toEqual(await repo.rows({ websiteId: 'site', from: T0, filters: {} }, plan.source, false, page));
  });

  it('holds what migrations 0033, 0036 and 0037 make of the same events', async () => {
    const snapshot = async () => {
      const sessions = await sql<Record<string, unknown>>`select website_id, session_id, visitor_id, started,
          referrer_domain, channel, utm_source, utm_medium, utm_campaign, utm_term, utm_content, campaign_id,
          entry, entry_ts, exit_path, exit_ts, pageviews from dash_session order by session_id, visitor_id`.execute(
        database.db,
      );
      const visitors = await sql<Record<string, unknown>>`select dimension, value, visitor_id, last_seen
          from dash_value_visitor where dimension in (${sql.join(DIMENSIONS)})
          order by dimension, value, visitor_id`.execute(database.db);
      const hours = await sql<
        Record<string, unknown>
      >`select dimension, hour, value, pageviews from dash_session_hour
          order by dimension, hour, value`.execute(database.db);
      const days = await sql<
        Record<string, unknown>
      >`select dimension, day, value, pageviews from dash_session_day
          where pageviews <> 0 order by dimension, day, value`.execute(database.db);
      const numbers = (rows: Record<string, unknown>[]) =>
        rows.map((r) =>
          Object.fromEntries(
            Object.entries(r).map(([k, v]) => [
              k,
              typeof v === 'bigint' || /^\d+$/.test(String(v)) ? Number(v) : v,
            ]),
          ),
        );
      return {
        sessions: numbers(sessions.rows),
        visitors: numbers(visitors.rows),
        hours: numbers(hours.rows),
        days: numbers(days.rows),
      };
    };
    const written = await snapshot();
    expect(written.sessions.length).toBe(12);
    expect(written.days.length).toBeGreaterThan(0);
    await sql`drop table dash_session`.execute(database.db);
    await sql`drop table dash_session_hour`.execute(database.db);
    await sql`drop table dash_session_day`.execute(database.db);
    if (database.dialect === 'postgres') await sql`drop function dash_session_day_sum`.execute(database.db);
    await sql`delete from dash_value_visitor where dimension in (${sql.join(DIMENSIONS)})`.execute(
      database.db,
    );
    // In one transaction, as the migrations run (0037 locks a table on PostgreSQL).
    await database.db.transaction().execute(async (trx) => {
      await createSessionRollups(trx as never, database.dialect);
      await addExitPages(trx as never);
      await createSessionDays(trx as never, database.dialect);
    });
    expect(await snapshot()).toEqual(written);
  });
});
