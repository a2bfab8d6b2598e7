import { breakdownPlan, type EventStore, edgeEnd, type IngestEvent, ROLLED_BREAKDOWNS } from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { insertWebsites } from '../../test/websites.fixture';
import { ConversionRepository } from '../attribution/conversion.repository';
import { CampaignRepository } from '../campaigns/campaign.repository';
import type { BreakdownPage, BreakdownRepository } from './breakdown.repository';

interface BreakdownsUnderTest {
  breakdowns: BreakdownRepository;
  /** The backend's event store: the events and their rollups are written as collect writes them. */
  store: EventStore;
  /** The SQL database, where the websites, campaigns and the API's conversions are written. */
  database: Database;
  /** Waits for what the backend does after a write in the background (ClickHouse: its copies). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

const S = 1_000;
const HOUR = 3_600 * S;
const DAY = 24 * HOUR;
/** A UTC midnight: the fixture's website is unknown to the store, so its rollups count UTC days. */
const T0 = Date.parse('2026-05-04T00:00:00.000Z');
const NO_FILTERS = {};
const PAGE = { limit: 1000, offset: 0 };

type Visitor = Partial<IngestEvent> & { visitorId: string };
const visitors: Visitor[] = [
  { visitorId: 'a', country: 'DE', deviceType: 'desktop', browser: 'Chrome', os: 'Linux', screen: 'desktop' },
  { visitorId: 'b', country: 'US', deviceType: 'mobile', browser: 'Safari', os: 'iOS', screen: 'mobile' },
  { visitorId: 'c', country: null, deviceType: 'desktop', browser: 'Firefox', os: 'Windows', screen: null },
  { visitorId: 'd', country: 'DE', deviceType: 'tablet', browser: 'Safari', os: 'iPadOS', screen: 'tablet' },
];

/** [visitor, ms after T0, path or a custom event's name, a browser other than the visitor's] */
type Sighting = [number, number, string, string?];
const SIGHTINGS: Sighting[] = [
  [0, 0, '/'],
  [1, 0, '/blog'],
  [0, 30 * S, '/pricing'],
  [1, 50 * S, '/'],
  [0, 59 * S, 'signup'],
  [0, 70 * S, '/pricing'],
  [2, 100 * S, '/'],
  [3, 3 * HOUR, '/blog'],
  [1, DAY + 2 * HOUR, '/'],
  [2, DAY + 5 * HOUR, '/docs'],
  // The same visitor on another browser: a second value of theirs.
  [0, DAY + 6 * HOUR, '/', 'Edge'],
  [3, 2 * DAY + HOUR, 'purchase'],
  [3, 2 * DAY + HOUR + 10 * S, '/thanks'],
  [2, 2 * DAY + 3 * HOUR, '/blog'],
  [1, 3 * DAY - 30 * S, '/blog'],
];

/** Moments the breakdowns start at: all time, inside the first minute's step, mid-day, a midnight. */
const FROMS = [
  0,
  40 * S,
  60 * S,
  90 * S,
  2 * HOUR,
  DAY + 3 * HOUR,
  2 * DAY,
  2 * DAY + HOUR + 5 * S,
  3 * DAY,
  4 * DAY,
];

/** Custom events' properties: values of several JSON types, and a key only one of them has. */
const PROPS: Record<string, IngestEvent['props']> = {
  signup: { plan: 'pro', trial: true },
  purchase: { plan: 'pro', amount: 42, coupon: null },
};

/**
 * Conversions without an event (the server-to-server API): [visitor, ms after T0, goal]. Visitor d's
 * comes 10 s after its last event, whose sighting the dashboard's last_seen does not record (a step);
 * visitor c's comes when c has no event left in range from +3 days.
 */
const SERVER_CONVERSIONS: [number, number, string][] = [
  [3, 2 * DAY + HOUR + 20 * S, 'Call'],
  [2, 3 * DAY + HOUR, 'Call'],
];

/** [value, visitors, pageviews, converting visitors] of each row, in order. */
const shown = (page: BreakdownPage) =>
  page.rows.map((r) => [r.value, r.visitors, r.pageviews, r.conversions]);

/**
 * The behaviour every BreakdownRepository variant must show. Issue 27: the unfiltered readers (from
 * the rollups and indexes, migration 0027) answer exactly the rows the raw events give, for every
 * dimension, from any moment (the step of last_seen, a partial first day, whole days).
 */
export function describeBreakdownContract(label: string, open: () => Promise<BreakdownsUnderTest>) {
  describe(`BreakdownRepository contract: ${label}`, () => {
    let subject: BreakdownsUnderTest;
    let repo: BreakdownRepository;

    beforeAll(async () => {
      subject = await open();
      repo = subject.breakdowns;
      const { database, store } = subject;
      await insertWebsites(database, ['site', 'elsewhere'], T0);
      const campaigns = new CampaignRepository(database.db);
      for (const [id, websiteId, name] of [
        ['camp-1', 'site', 'Spring'],
        ['camp-2', 'site', 'Autumn'],
        ['camp-3', 'elsewhere', 'Not this website'],
      ] as const)
        await campaigns.insert({
          id,
          website_id: websiteId,
          name,
          network: 'newsletter',
          source: 'newsletter',
          landing_page: 'https://shop.test/',
          utm_params: '{}',
          tracking_params: '{}',
          ocxid: id.padEnd(32, '0'),
          created_at: new Date(T0).toISOString(),
          updated_at: new Date(T0).toISOString(),
        });
      let n = 0;
      // One commit per event, so no batch hides the step of last_seen.
      for (const [who, at, what, browser] of SIGHTINGS) {
        n += 1;
        const visitor = visitors[who] as Visitor;
        const custom = !what.startsWith('/');
        await store.commit([
          ingestEvent({
            ...visitor,
            ...(browser ? { browser } : {}),
            websiteId: 'site',
            eventId: `sighting-${n}`,
            sessionId: `s-${visitor.visitorId}-${Math.floor(at / DAY)}`,
            ts: T0 + at,
            ...(custom
              ? {
                  type: 'custom',
                  name: what,
                  props: PROPS[what] ?? null,
                  url: 'https://shop.test/x',
                  path: '/x',
                  goalMatches:
                    what === 'purchase'
                      ? [{ goalId: 'g', goalName: 'Purchase', value: null, currency: 'USD' }]
                      : [],
                }
              : { url: `https://shop.test${what}?q=${n}`, path: what }),
          }),
        ]);
      }
      const conversions = new ConversionRepository(database.db);
      for (const [who, at, goal] of SERVER_CONVERSIONS) {
        const visitorId = (visitors[who] as Visitor).visitorId;
        await conversions.insertUnlessDuplicate({
          id: `server-${visitorId}`,
          website_id: 'site',
          campaign_id: null,
          goal_id: 'g-call',
          goal_name: goal,
          click_id: null,
          value_minor: null,
          currency: 'USD',
          ts: T0 + at,
          visitor_id: visitorId,
          conversion_type: 'lead',
          dedupe_key: `server-${visitorId}`,
          source: 'api',
          event_id: null,
        });
      }
      await subject.settle();
    });
    afterAll(() => subject.close());

    const dimensions = Object.keys(ROLLED_BREAKDOWNS) as (keyof typeof ROLLED_BREAKDOWNS)[];

    it('gives the raw rows for every rolled dimension from every moment', async () => {
      const page = { limit: 1000, offset: 0 };
      for (const dimension of dimensions) {
        const plan = breakdownPlan(dimension);
        for (const offset of FROMS) {
          const from = T0 + offset;
          const raw = await repo.rows(
            { websiteId: 'site', from, filters: NO_FILTERS },
            plan.source,
            plan.listsUnknown,
            page,
          );
          const rolled = await repo.rolledRows(
            { websiteId: 'site', from, wholeDays: edgeEnd(from, 'UTC') },
            dimension,
            plan.listsUnknown,
            page,
          );
          expect(rolled, `${dimension} from +${offset / S} s`).toEqual(raw);
        }
      }
    });

    it('gives the raw rows for goals and custom properties from every moment, read through indexes', async () => {
      const page = { limit: 1000, offset: 0 };
      for (const dimension of [
        'goal',
        'prop:plan',
        'prop:trial',
        'prop:amount',
        'prop:coupon',
        'prop_key',
      ] as const) {
        const plan = breakdownPlan(dimension);
        if (plan.source.kind !== 'visitor') throw new Error(`${dimension} is not a visitor value`);
        for (const offset of FROMS) {
          const from = T0 + offset;
          const raw = await repo.rows(
            { websiteId: 'site', from, filters: NO_FILTERS },
            plan.source,
            false,
            page,
          );
          const indexed = await repo.visitorValueRows({ websiteId: 'site', from }, plan.source, page);
          expect(indexed, `${dimension} from +${offset / S} s`).toEqual(raw);
        }
      }
      // The fixture reaches the cases it is for: d's conversion counts though last_seen is before the
      // start (d's next event is within its step), and c's stops counting once c has no event in range.
      const goals = breakdownPlan('goal').source as { kind: 'visitor'; of: 'goal' };
      const after = await repo.visitorValueRows(
        { websiteId: 'site', from: T0 + 2 * DAY + HOUR + 5 * S },
        goals,
        page,
      );
      expect(after.rows.map((r) => [r.value, r.visitors])).toEqual([['Call', 2]]);
      expect(
        (await repo.visitorValueRows({ websiteId: 'site', from: T0 + 3 * DAY }, goals, page)).rows,
      ).toEqual([]);
    });

    it('pages visitor values the same way', async () => {
      const plan = breakdownPlan('prop_key');
      if (plan.source.kind !== 'visitor') throw new Error('prop_key is a visitor value');
      const scope = { websiteId: 'site', from: T0, filters: NO_FILTERS };
      for (const page of [
        { limit: 2, offset: 1 },
        { limit: 10, offset: 50 },
      ])
        expect(await repo.visitorValueRows({ websiteId: 'site', from: T0 }, plan.source, page)).toEqual(
          await repo.rows(scope, plan.source, false, page),
        );
    });

    it('pages the same way: a window of rows, and the count past the last row', async () => {
      const plan = breakdownPlan('page');
      const scope = { websiteId: 'site', from: T0, filters: NO_FILTERS };
      const rolledScope = { websiteId: 'site', from: T0, wholeDays: T0 };
      for (const page of [
        { limit: 2, offset: 1 },
        { limit: 10, offset: 50 },
      ])
        expect(await repo.rolledRows(rolledScope, 'page', false, page)).toEqual(
          await repo.rows(scope, plan.source, false, page),
        );
      expect((await repo.rolledRows(rolledScope, 'page', false, { limit: 10, offset: 50 })).total).toBe(5);
    });

    it('names the rows the fixture implies (all time, by country)', async () => {
      const all = await repo.rolledRows({ websiteId: 'site', from: 0, wholeDays: 0 }, 'country', true, {
        limit: 10,
        offset: 0,
      });
      expect(all).toEqual({
        rows: [
          { value: 'DE', visitors: 2, pageviews: 6, conversions: 1 },
          { value: 'US', visitors: 1, pageviews: 4, conversions: 0 },
          { value: null, visitors: 1, pageviews: 3, conversions: 1 },
        ],
        total: 3,
      });
    });

    it('counts the visitors in scope as the raw events do', async () => {
      for (const offset of FROMS) {
        const from = T0 + offset;
        expect(await repo.rolledVisitors('site', from), `from +${offset / S} s`).toBe(
          await repo.visitors({ websiteId: 'site', from, filters: NO_FILTERS }),
        );
      }
    });

    it('gives the raw rows for session values from every moment', async () => {
      for (const dimension of ['entry_page', 'exit_page'] as const) {
        const plan = breakdownPlan(dimension);
        if (plan.source.kind !== 'session') throw new Error(`${dimension} is not a session value`);
        for (const offset of FROMS) {
          const from = T0 + offset;
          const raw = await repo.rows(
            { websiteId: 'site', from, filters: NO_FILTERS },
            plan.source,
            false,
            PAGE,
          );
          const rolled = await repo.sessionRows({ websiteId: 'site', from }, dimension, plan.source, PAGE);
          expect(rolled, `${dimension} from +${offset / S} s`).toEqual(raw);
        }
      }
    });

    it('names the rows the fixture implies (entry pages, goals, a filter)', async () => {
      const entry = breakdownPlan('entry_page').source;
      if (entry.kind !== 'session') throw new Error('entry_page is a session value');
      // A session's entry is its first pageview (d's third session starts with a purchase).
      expect(
        shown(await repo.sessionRows({ websiteId: 'site', from: 0 }, 'entry_page', entry, PAGE)),
      ).toEqual([
        ['/', 3, 6, 1],
        ['/blog', 3, 5, 2],
        ['/docs', 1, 1, 1],
        ['/thanks', 1, 1, 1],
      ]);
      // Goals: their visitors' pageviews; every visitor of a goal converted.
      const goals = breakdownPlan('goal').source;
      expect(
        shown(await repo.rows({ websiteId: 'site', from: 0, filters: NO_FILTERS }, goals, false, PAGE)),
      ).toEqual([
        ['Call', 2, 5, 2],
        ['Purchase', 1, 2, 1],
      ]);
      // Germany's pages: a's and d's pageviews, d converting.
      const germany = { websiteId: 'site', from: 0, filters: { country: 'DE' } };
      expect(shown(await repo.rows(germany, breakdownPlan('page').source, false, PAGE))).toEqual([
        ['/', 1, 2, 0],
        ['/pricing', 1, 2, 0],
        ['/blog', 1, 1, 1],
        ['/thanks', 1, 1, 1],
      ]);
      // A page of them, and the count past the last page.
      const pages = breakdownPlan('page').source;
      expect(await repo.rows(germany, pages, false, { limit: 2, offset: 1 })).toEqual({
        rows: [
          { value: '/pricing', visitors: 1, pageviews: 2, conversions: 0 },
          { value: '/blog', visitors: 1, pageviews: 1, conversions: 1 },
        ],
        total: 4,
      });
      expect(await repo.rows(germany, pages, false, { limit: 2, offset: 10 })).toEqual({
        rows: [],
        total: 4,
      });
      expect(await repo.visitors(germany)).toBe(2);
      expect(await repo.visitors({ websiteId: 'site', from: 0, filters: NO_FILTERS })).toBe(4);
    });

    it('names the website’s own campaigns among those asked for', async () => {
      expect(await repo.campaignNames('site', ['camp-1', 'camp-3', 'missing'])).toEqual(
        new Map([['camp-1', 'Spring']]),
      );
      expect(await repo.campaignNames('site', [])).toEqual(new Map());
    });
  });
}
