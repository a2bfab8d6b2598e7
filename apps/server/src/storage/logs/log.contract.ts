import type { EventStore, IngestEvent } from '@ocx/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { ingestEvent } from '../../test/ingest-event.fixture';
import { insertWebsites } from '../../test/websites.fixture';
import { ConversionRepository } from '../attribution/conversion.repository';
import { CREDIT_STATE } from '../attribution/credit-state';
import { CampaignRepository } from '../campaigns/campaign.repository';
import type { LogFilter, LoggedClick, LoggedConversion, LogPage, LogRepository } from './log.repository';

interface LogsUnderTest {
  logs: LogRepository;
  /** The backend's event store: clicks and conversions come from the events as collect writes them. */
  store: EventStore;
  /** The SQL database, where the websites, campaigns and the API's conversions are written. */
  database: Database;
  /** Waits for what the backend does after a write in the background (ClickHouse: its copies). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

const T = Date.parse('2026-03-02T00:00:00.000Z');
const A = 'logs-a';
const B = 'logs-b';
const RANGE = { from: T, to: T + 10_000 };
const NO_UTM = { source: null, medium: null, campaign: null, term: null, content: null };
const utm = (source: string, medium: string) => ({ ...NO_UTM, source, medium, campaign: 'spring' });
const goal = (goalName: string, value: number | null) => [
  { goalId: `g-${goalName}`, goalName, value, currency: 'USD' },
];

/** [website, session (and visitor), ms after T, the rest]: each session's first event is a click. */
const EVENTS: [string, string, number, Partial<IngestEvent>][] = [
  [A, 's0', -1, {}], // before the range
  [A, 's1', 1000, { campaignId: 'camp-1', utm: utm('newsletter', 'email'), channel: 'email' }],
  [A, 's1', 2000, { type: 'custom', name: 'signup', goalMatches: goal('Signup', null) }],
  [
    A,
    's2',
    3000,
    { referrer: 'https://www.google.com/', referrerDomain: 'www.google.com', channel: 'organic' },
  ],
  // A campaign id without a campaign row (deleted since): no name.
  [A, 's3', 4000, { campaignId: 'camp-2', utm: utm('google', 'cpc'), channel: 'paid' }],
  [A, 's3', 5000, { type: 'custom', name: 'purchase', goalMatches: goal('Purchase', 42) }],
  // Two at the range's last millisecond, which counts (the ids break the tie).
  [A, 's4', 10_000, {}],
  [A, 's5', 10_000, {}],
  [A, 's6', 10_001, {}], // after the range
  [B, 's7', 2500, { utm: utm('newsletter', 'email'), channel: 'email' }],
  [B, 's7', 2600, { type: 'custom', name: 'signup', goalMatches: goal('Signup', null) }],
];

const clickShown = (r: LoggedClick) => [Number(r.ts) - T, r.source, r.medium, r.campaign_id, r.campaign_name];
const conversionShown = (r: LoggedConversion) => [
  Number(r.ts) - T,
  r.goal_name,
  r.campaign_id,
  r.campaign_name,
  r.value_minor === null ? null : Number(r.value_minor),
];
const CLICKS = {
  s5: [10_000, null, null, null, null],
  s2: [3000, 'www.google.com', null, null, null],
  s3: [4000, 'google', 'cpc', 'camp-2', null],
  s1: [1000, 'newsletter', 'email', 'camp-1', 'Spring'],
  s7: [2500, 'newsletter', 'email', null, null],
};
const CONVERSIONS = {
  call: [6000, 'Call', null, null, null],
  purchase: [5000, 'Purchase', 'camp-2', null, 4200],
  signup: [2000, 'Signup', 'camp-1', 'Spring', null],
  other: [2600, 'Signup', null, null, null],
};
/** Facets' campaigns in one order: neither store lists them in a set order. */
const byId = (campaigns: { id: string | null; name: string | null }[]) =>
  [...campaigns].sort((a, b) => String(a.id).localeCompare(String(b.id)));

/** The behaviour every LogRepository variant must show. */
export function describeLogContract(label: string, open: () => Promise<LogsUnderTest>) {
  describe(`LogRepository contract: ${label}`, () => {
    let subject: LogsUnderTest;
    let logs: LogRepository;
    const clicks = async (f: Partial<LogFilter>, page: LogPage = { limit: 100 }) =>
      (await logs.clickPage({ websiteIds: [A], ...RANGE, ...f }, page)).map(clickShown);
    const conversions = async (f: Partial<LogFilter>) =>
      (await logs.conversionPage({ websiteIds: [A], ...RANGE, ...f }, { limit: 100 })).map(conversionShown);

    beforeAll(async () => {
      subject = await open();
      logs = subject.logs;
      const now = new Date(T).toISOString();
      await insertWebsites(subject.database, [A, B], T);
      await new CampaignRepository(subject.database.db).insert({
        id: 'camp-1',
        website_id: A,
        name: 'Spring',
        network: 'newsletter',
        source: 'newsletter',
        landing_page: 'https://shop.test/',
        utm_params: '{}',
        tracking_params: '{}',
        ocxid: 'c'.repeat(32),
        created_at: now,
        updated_at: now,
      });
      await subject.store.commit(
        EVENTS.map(([websiteId, session, at, rest], i) =>
          ingestEvent({
            websiteId,
            eventId: `log-${i}`,
            sessionId: session,
            visitorId: `v-${session}`,
            ts: T + at,
            ...rest,
          }),
        ),
      );
      // A conversion from the server-to-server API: no event, no campaign.
      await new ConversionRepository(subject.database.db).insertUnlessDuplicate({
        id: 'api-1',
        website_id: A,
        campaign_id: null,
        goal_id: 'g-call',
        goal_name: 'Call',
        click_id: null,
        value_minor: null,
        currency: 'USD',
        ts: T + 6000,
        visitor_id: 'v-s2',
        conversion_type: 'lead',
        dedupe_key: 'api-1',
        source: 'api',
        event_id: null,
      });
      await subject.settle();
    });
    afterAll(() => subject.close());

    it('lists the clicks and conversions in range, newest first, with their campaigns’ names', async () => {
      expect(await clicks({})).toEqual([CLICKS.s5, CLICKS.s5, CLICKS.s3, CLICKS.s2, CLICKS.s1]);
      expect(await conversions({})).toEqual([CONVERSIONS.call, CONVERSIONS.purchase, CONVERSIONS.signup]);
      expect(await logs.clickCount({ websiteIds: [A], ...RANGE })).toBe(5);
      expect(await logs.conversionCount({ websiteIds: [A], ...RANGE })).toBe(3);
      // Several websites at once.
      expect(await clicks({ websiteIds: [A, B] })).toEqual([
        CLICKS.s5,
        CLICKS.s5,
        CLICKS.s3,
        CLICKS.s2,
        CLICKS.s7,
        CLICKS.s1,
      ]);
      expect(await logs.conversionCount({ websiteIds: [A, B], ...RANGE })).toBe(4);
      expect(await conversions({ websiteIds: [B] })).toEqual([CONVERSIONS.other]);
    });

    it('filters by campaign (or none), source, medium and goal', async () => {
      expect(await clicks({ campaign: 'camp-1' })).toEqual([CLICKS.s1]);
      expect(await clicks({ campaign: 'none' })).toEqual([CLICKS.s5, CLICKS.s5, CLICKS.s2]);
      expect(await clicks({ source: 'newsletter' })).toEqual([CLICKS.s1]);
      expect(await clicks({ medium: 'cpc', campaign: 'camp-2' })).toEqual([CLICKS.s3]);
      expect(await clicks({ medium: 'cpc', campaign: 'camp-1' })).toEqual([]);
      expect(await logs.clickCount({ websiteIds: [A], ...RANGE, campaign: 'none' })).toBe(3);
      expect(await conversions({ campaign: 'none' })).toEqual([CONVERSIONS.call]);
      expect(await conversions({ goal: 'Purchase' })).toEqual([CONVERSIONS.purchase]);
      expect(await logs.conversionCount({ websiteIds: [A], ...RANGE, goal: 'Signup' })).toBe(1);
      expect(await clicks({ from: T + 3000, to: T + 4000 })).toEqual([CLICKS.s3, CLICKS.s2]);
    });

    it('pages by offset, and by (ts, id) for exports, ties included', async () => {
      expect(await clicks({}, { limit: 2, offset: 2 })).toEqual([CLICKS.s3, CLICKS.s2]);
      expect(await clicks({}, { limit: 5, offset: 10 })).toEqual([]);
      const all = await logs.clickPage({ websiteIds: [A], ...RANGE }, { limit: 100 });
      const [first, second] = all;
      if (!first || !second) throw new Error('two clicks at the same instant');
      const after = async (row: LoggedClick) =>
        (
          await logs.clickPage(
            { websiteIds: [A], ...RANGE },
            { limit: 2, before: { ts: Number(row.ts), id: row.id } },
          )
        ).map((r) => r.id);
      expect(await after(first)).toEqual(all.slice(1, 3).map((r) => r.id));
      expect(await after(second)).toEqual(all.slice(2, 4).map((r) => r.id));
      const conversionsAll = await logs.conversionPage({ websiteIds: [A], ...RANGE }, { limit: 100 });
      const [newest] = conversionsAll;
      if (!newest) throw new Error('a conversion');
      const older = await logs.conversionPage(
        { websiteIds: [A], ...RANGE },
        { limit: 10, before: { ts: Number(newest.ts), id: newest.id } },
      );
      expect(older.map(conversionShown)).toEqual([CONVERSIONS.purchase, CONVERSIONS.signup]);
    });

    it('lists the facets without their own filters', async () => {
      const clickFacets = await logs.clickFacets({
        websiteIds: [A],
        ...RANGE,
        campaign: 'camp-1',
        source: 'newsletter',
        medium: 'email',
      });
      expect({ ...clickFacets, campaigns: byId(clickFacets.campaigns) }).toEqual({
        campaigns: [
          { id: 'camp-1', name: 'Spring' },
          { id: 'camp-2', name: null },
          { id: null, name: null },
        ],
        sources: ['google', 'newsletter', 'www.google.com'],
        mediums: ['cpc', 'email'],
      });
      const conversionFacets = await logs.conversionFacets({
        websiteIds: [A],
        ...RANGE,
        campaign: 'none',
        goal: 'Call',
      });
      expect({ ...conversionFacets, campaigns: byId(conversionFacets.campaigns) }).toEqual({
        campaigns: [
          { id: 'camp-1', name: 'Spring' },
          { id: 'camp-2', name: null },
          { id: null, name: null },
        ],
        goals: ['Call', 'Purchase', 'Signup'],
      });
    });

    it('tells where a conversion is in crediting, only on its own website', async () => {
      expect(await logs.conversionCredit(A, 'api-1')).toEqual({
        state: CREDIT_STATE.new,
        issue: null,
        currency: 'USD',
      });
      expect(await logs.conversionCredit(B, 'api-1')).toBeUndefined();
      expect(await logs.conversionCredit(A, 'unknown')).toBeUndefined();
    });
  });
}
