import type { OffsetSegment, PeriodTotals, SourceCount } from '@ocx/core';
import { DAY_MS, HOUR_MS, type SeriesPoint } from '@ocx/core';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { withoutConsentCount } from '../privacy/without-consent';
import { inScope } from '../sql/filters';
import type { DashboardRepository } from './dashboard.repository';
import { VISITOR_SEEN_STEP_MS } from './dashboard-rollups';
import { segmentOf, wallBucket } from './local-buckets';

/**
 * The dashboard's questions from the SQL database: whole days from the rollups (migration 0006), a
 * partial day from the raw events, and the rolling counts from each visitor's and page's last sighting.
 */
export class SqlDashboardRepository implements DashboardRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async edgePageviews(websiteId: string, from: number, to?: number): Promise<[string, number][]> {
    const rows = await this.db
      .selectFrom('event')
      .select(['url', (eb) => eb.fn.countAll<number>().as('n')])
      .where(inScope({ websiteId, from, to }))
      .where('type', '=', 'pageview')
      .groupBy('url')
      .execute();
    return rows.map((r) => [r.url, Number(r.n)]);
  }

  async edgeVisitors(websiteId: string, from: number, to?: number): Promise<number> {
    const row = await this.db
      .selectFrom('event')
      .select((eb) => eb.fn.count<number>('visitor_id').distinct().as('n'))
      .where(inScope({ websiteId, from, to }))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async edgeSources(websiteId: string, from: number, to?: number): Promise<SourceCount[]> {
    const rows = await this.db
      .selectFrom('click')
      .select([
        'channel',
        'referrer_domain',
        (eb) => eb.fn.countAll<number>().as('n'),
        withoutConsentCount.as('without_consent'),
      ])
      .where(inScope({ websiteId, from, to }))
      .groupBy(['channel', 'referrer_domain'])
      .execute();
    return rows.map((r) => ({
      channel: r.channel,
      referrerDomain: r.referrer_domain,
      clicks: Number(r.n),
      withoutConsent: Number(r.without_consent),
    }));
  }

  async localDays(
    websiteId: string,
    from: number,
    segments: readonly OffsetSegment[],
  ): Promise<SeriesPoint[]> {
    const day = wallBucket(segments, DAY_MS);
    const rows = await this.db
      .selectFrom('event')
      .select((eb) => [
        day.as('wall_day'),
        eb.fn.sum<number>(sql`case when type = 'pageview' then 1 else 0 end`).as('pageviews'),
        eb.fn.count<number>('visitor_id').distinct().as('visitors'),
      ])
      .where(inScope({ websiteId, from }))
      // By the output name: PostgreSQL would not match the parameterised expression written twice.
      .groupBy(sql.ref('wall_day'))
      .execute();
    return rows.map((r) => ({
      t: Number(r.wall_day),
      pageviews: Number(r.pageviews),
      visitors: Number(r.visitors),
    }));
  }

  async localHours(
    websiteId: string,
    from: number,
    segments: readonly OffsetSegment[],
  ): Promise<(SeriesPoint & { segment: number })[]> {
    const hour = wallBucket(segments, HOUR_MS);
    const segment = segmentOf(segments);
    const rows = await this.db
      .selectFrom('event')
      .select((eb) => [
        segment.as('segment'),
        hour.as('wall_hour'),
        eb.fn.sum<number>(sql`case when type = 'pageview' then 1 else 0 end`).as('pageviews'),
        eb.fn.count<number>('visitor_id').distinct().as('visitors'),
      ])
      .where(inScope({ websiteId, from }))
      .groupBy([sql.ref('segment'), sql.ref('wall_hour')])
      .execute();
    return rows.map((r) => ({
      segment: Number(r.segment),
      t: Number(r.wall_hour),
      pageviews: Number(r.pageviews),
      visitors: Number(r.visitors),
    }));
  }

  async firstEventAt(websiteId: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('event')
      .select((eb) => eb.fn.min<number>('ts').as('ts'))
      .where('website_id', '=', websiteId)
      .executeTakeFirst();
    return row?.ts === null || row?.ts === undefined ? null : Number(row.ts);
  }

  async days(websiteId: string, day: number): Promise<SeriesPoint[]> {
    const rows = await this.db
      .selectFrom('dash_day')
      .select(['day', 'pageviews', 'visitors'])
      .where(inScope({ websiteId, from: day }, { time: 'day' }))
      .execute();
    return rows.map((r) => ({
      t: Number(r.day),
      pageviews: Number(r.pageviews),
      visitors: Number(r.visitors),
    }));
  }

  async dayPageviews(websiteId: string, day: number): Promise<[string, number][]> {
    const rows = await this.db
      .selectFrom('dash_page_day')
      .select(['page', (eb) => eb.fn.sum<number>('pageviews').as('n')])
      .where(inScope({ websiteId, from: day }, { time: 'day' }))
      .groupBy('page')
      .execute();
    return rows.map((r) => [r.page, Number(r.n)]);
  }

  async daySources(websiteId: string, day: number): Promise<SourceCount[]> {
    const rows = await this.db
      .selectFrom('dash_source_day')
      .select([
        'channel',
        'referrer_domain',
        (eb) => eb.fn.sum<number>('clicks').as('n'),
        (eb) => eb.fn.sum<number>('without_consent').as('without_consent'),
      ])
      .where(inScope({ websiteId, from: day }, { time: 'day' }))
      .groupBy(['channel', 'referrer_domain'])
      .execute();
    return rows.map((r) => ({
      channel: r.channel,
      referrerDomain: r.referrer_domain,
      clicks: Number(r.n),
      withoutConsent: Number(r.without_consent),
    }));
  }

  /**
   * Visitors with an event at or after `since`. A stored last_seen can trail the visitor's latest
   * event by less than VISITOR_SEEN_STEP_MS, so those stored just before `since` count when they
   * have an event in the step after it (where any later event of theirs must lie).
   */
  async visitorsSince(websiteId: string, since: number): Promise<number> {
    const seen = await this.db
      .selectFrom('dash_visitor')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(inScope({ websiteId, from: since }, { time: 'last_seen' }))
      .executeTakeFirst();
    const trailing = await this.db
      .selectFrom('event as e')
      .innerJoin('dash_visitor as d', (join) =>
        join.onRef('d.website_id', '=', 'e.website_id').onRef('d.visitor_id', '=', 'e.visitor_id'),
      )
      .select((eb) => eb.fn.count<number>('e.visitor_id').distinct().as('n'))
      .where(inScope({ websiteId, from: since, to: since + VISITOR_SEEN_STEP_MS }, { alias: 'e' }))
      .where('d.last_seen', '>=', since - VISITOR_SEEN_STEP_MS)
      .where('d.last_seen', '<', since)
      .executeTakeFirst();
    return Number(seen?.n ?? 0) + Number(trailing?.n ?? 0);
  }

  async pathsSince(websiteId: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('dash_page')
      .select((eb) => eb.fn.count<number>('path').distinct().as('n'))
      .where(inScope({ websiteId, from: since }, { time: 'last_seen' }))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async conversionsSince(websiteId: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('conversion')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(inScope({ websiteId, from: since }))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Visitors with a conversion at or after `since` whose last sighting is at or after it. A stored
   * last_seen trails the visitor's latest event by less than VISITOR_SEEN_STEP_MS, and a tracked
   * conversion is an event of its visitor, so those stored a step before `since` are looked at too.
   */
  async convertedVisitorsSince(websiteId: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('conversion as c')
      .innerJoin('dash_visitor as d', (join) =>
        join.onRef('d.website_id', '=', 'c.website_id').onRef('d.visitor_id', '=', 'c.visitor_id'),
      )
      .select((eb) => eb.fn.count<number>('c.visitor_id').distinct().as('n'))
      .where(inScope({ websiteId, from: since }, { alias: 'c' }))
      .where('d.last_seen', '>=', since - VISITOR_SEEN_STEP_MS)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * The cards' counts over [from, to) from the raw events, in one scan of the (website, ts) index:
   * the rollups keep each visitor's and page's latest sighting only, which cannot say who was seen
   * in an earlier window. Asked for separately from the dashboard, so it never delays the cards.
   */
  async totalsBetween(websiteId: string, from: number, to: number): Promise<PeriodTotals> {
    const [events, conversions, converted] = await Promise.all([
      this.db
        .selectFrom('event')
        .select((eb) => [
          eb.fn.sum<number>(sql`case when type = 'pageview' then 1 else 0 end`).as('pageviews'),
          eb.fn.count<number>('visitor_id').distinct().as('visitors'),
          eb.fn.count<number>(sql`case when type = 'pageview' then path end`).distinct().as('paths'),
        ])
        .where(inScope({ websiteId, from, to }))
        .executeTakeFirst(),
      this.db
        .selectFrom('conversion')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(inScope({ websiteId, from, to }))
        .executeTakeFirst(),
      // Converting visitors among the window's visitors.
      this.db
        .selectFrom('conversion')
        .select((eb) => eb.fn.count<number>('visitor_id').distinct().as('n'))
        .where(inScope({ websiteId, from, to }))
        .where('visitor_id', 'in', (eb) =>
          eb.selectFrom('event').select('visitor_id').where(inScope({ websiteId, from, to })),
        )
        .executeTakeFirst(),
    ]);
    return {
      pageviews: Number(events?.pageviews ?? 0),
      visitors: Number(events?.visitors ?? 0),
      paths: Number(events?.paths ?? 0),
      conversions: Number(conversions?.n ?? 0),
      convertedVisitors: Number(converted?.n ?? 0),
    };
  }
}
