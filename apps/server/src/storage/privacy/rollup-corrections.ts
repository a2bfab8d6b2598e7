import {
  breakdownDelta,
  DAY_MS,
  dashboardDelta,
  type IngestEvent,
  isHashVisitor,
  type RollupEvent,
} from '@ocx/core';
import { sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { rollupDayOf } from '../dashboard/dashboard-rollups';
import { type CorrectionEvents, sqlEventReads } from './correction-events.sql';

/** A page the erased visitor viewed, and their latest pageview of it. */
interface SeenPage {
  page: string;
  lastSeen: number;
}

/** How the website's day rollups are keyed now: its zone, and where a running rebuild has got to. */
async function rollupKeys(trx: Transaction<DB>, websiteId: string) {
  const row = await trx
    .selectFrom('website')
    .select(['timezone', 'rollup_rebuilt_until'])
    .where('id', '=', websiteId)
    .executeTakeFirst();
  const until = row?.rollup_rebuilt_until;
  return {
    dayOf: rollupDayOf(row?.timezone),
    // Days a running rebuild has not reached yet are keyed by the old zone; it recounts them from
    // the raw events, so they need (and take) no correction.
    keyed: (day: number) => until === null || until === undefined || day < Number(until),
  };
}

/**
 * Keeps the dashboard rollups equal to what they would be had the rows changed below never been
 * counted as they were: a visitor's erasure (GDPR Art. 17) and a consent link (a hash visitor's
 * day joining the visitor id it consented with). Exact subtraction of the few rows involved, in
 * the caller's transaction, instead of recounting whole days of a website.
 */
export class RollupCorrections {
  private readonly events: CorrectionEvents;

  /** `events`: where the raw events are read (the SQL `event` table unless given). */
  constructor(dialect: Dialect, events?: CorrectionEvents) {
    this.events = events ?? sqlEventReads(dialect);
  }

  /**
   * Takes a visitor's stored events and clicks out of the day, page, source and visitor rollups;
   * call it before deleting them. Rows left at zero go, as if never written. Days whose raw events
   * retention deleted still lose the visitor (their visitor-day rows say they were seen). Answers the
   * pages the visitor viewed last, for resightPages once the events are gone.
   */
  async subtractVisitor(trx: Transaction<DB>, websiteId: string, visitorId: string): Promise<SeenPage[]> {
    const { dayOf, keyed } = await rollupKeys(trx, websiteId);
    const [events, clicks] = await Promise.all([
      this.events.ofVisitor(trx, websiteId, visitorId),
      trx
        .selectFrom('click')
        .select(['ts', 'channel', 'referrer_domain', 'visitor_id'])
        .where('website_id', '=', websiteId)
        .where('visitor_id', '=', visitorId)
        .execute(),
    ]);
    const delta = dashboardDelta(
      events.map((e) => ({
        ts: Number(e.ts),
        // Stored types are the collect types the rollups were written from.
        type: e.type as RollupEvent['type'],
        url: e.url,
        path: e.path,
        visitorId: e.visitor_id,
      })),
      clicks.map((c) => ({
        ts: Number(c.ts),
        channel: c.channel,
        referrerDomain: c.referrer_domain,
        visitorId: c.visitor_id,
      })),
      dayOf,
    );
    // The breakdown rollups' pageviews per value and day (their visitor rows go with the visitor).
    const valueDays = breakdownDelta(
      events.map(
        (e) =>
          ({
            ts: Number(e.ts),
            type: e.type,
            path: e.path,
            visitorId: e.visitor_id,
            country: e.country,
            region: e.region,
            city: e.city,
            deviceType: e.device_type,
            browser: e.browser,
            os: e.os,
            screen: e.screen,
          }) as IngestEvent,
      ),
      dayOf,
    ).days;
    for (const v of valueDays.filter((v) => keyed(v.day)))
      await trx
        .updateTable('dash_value_day')
        .set({ pageviews: sql`pageviews - ${v.pageviews}` })
        .where('website_id', '=', websiteId)
        .where('dimension', '=', v.dimension)
        .where('day', '=', v.day)
        .where('value', '=', v.value)
        .execute();
    const valueDayKeys = [...new Set(valueDays.map((v) => v.day))];
    if (valueDayKeys.length > 0)
      await trx
        .deleteFrom('dash_value_day')
        .where('website_id', '=', websiteId)
        .where('day', 'in', valueDayKeys)
        .where('pageviews', '<=', 0)
        .execute();
    const site = (table: 'dash_day' | 'dash_page_day' | 'dash_source_day', day: number) =>
      trx.updateTable(table).where('website_id', '=', websiteId).where('day', '=', day);
    for (const d of delta.days.filter((d) => keyed(d.day)))
      await site('dash_day', d.day)
        .set({ pageviews: sql`pageviews - ${d.pageviews}`, events: sql`events - ${d.events}` })
        .execute();
    for (const p of delta.pageDays.filter((p) => keyed(p.day)))
      await site('dash_page_day', p.day)
        .where('page', '=', p.page)
        .set({ pageviews: sql`pageviews - ${p.pageviews}` })
        .execute();
    for (const s of delta.sourceDays.filter((s) => keyed(s.day)))
      await site('dash_source_day', s.day)
        .where('channel', '=', s.channel)
        .where('referrer_domain', '=', s.referrerDomain)
        .set({
          clicks: sql`clicks - ${s.clicks}`,
          without_consent: sql`without_consent - ${s.withoutConsent}`,
        })
        .execute();
    const seenOn = await trx
      .deleteFrom('dash_visitor_day')
      .where('website_id', '=', websiteId)
      .where('visitor_id', '=', visitorId)
      .returning('day')
      .execute();
    for (const { day } of seenOn.filter((r) => keyed(Number(r.day))))
      await site('dash_day', Number(day)).set({ visitors: sql`visitors - 1` }).execute();
    await trx
      .deleteFrom('dash_visitor')
      .where('website_id', '=', websiteId)
      .where('visitor_id', '=', visitorId)
      .execute();
    await this.dropEmptyRows(trx, websiteId, [
      ...delta.days.map((d) => d.day),
      ...delta.sourceDays.map((d) => d.day),
      ...seenOn.map((r) => Number(r.day)),
    ]);
    return delta.pages.map((p) => ({ page: p.page, lastSeen: p.lastSeen }));
  }

  /** Pages whose latest sighting was the erased visitor's move back to the one before it. */
  async resightPages(trx: Transaction<DB>, websiteId: string, pages: SeenPage[]): Promise<void> {
    for (const p of pages) await this.resightPage(trx, websiteId, p.page, p.lastSeen);
  }

  /**
   * After a hash visitor's rows since `since` moved to the visitor id `to` (consent-link): on each
   * local day they fell on, the person is one visitor (`to`), and their entrances are no longer
   * visits without consent. `moved` are the moved events' and clicks' times (and the clicks' keys).
   */
  async afterConsentLink(
    trx: Transaction<DB>,
    websiteId: string,
    link: { from: string; to: string; since: number },
    moved: { events: number[]; clicks: { ts: number; channel: string; referrerDomain: string | null }[] },
  ): Promise<void> {
    const { dayOf, keyed } = await rollupKeys(trx, websiteId);
    const days = [...new Set(moved.events.map(dayOf))].filter(keyed);
    const visitors = (day: number, change: 1 | -1) =>
      trx
        .updateTable('dash_day')
        .set({ visitors: sql`visitors + ${change}` })
        .where('website_id', '=', websiteId)
        .where('day', '=', day)
        .execute();
    for (const day of days) {
      const added = await trx
        .insertInto('dash_visitor_day')
        .values({ website_id: websiteId, day, visitor_id: link.to })
        .onConflict((oc) => oc.columns(['website_id', 'day', 'visitor_id']).doNothing())
        .returning('day')
        .execute();
      if (added.length > 0) await visitors(day, 1);
      // What the hash visitor still has on that day lies before `since` (the rest moved).
      if (await this.events.hasAny(trx, websiteId, link.from, day, link.since)) continue;
      const gone = await trx
        .deleteFrom('dash_visitor_day')
        .where('website_id', '=', websiteId)
        .where('day', '=', day)
        .where('visitor_id', '=', link.from)
        .executeTakeFirst();
      if (Number(gone.numDeletedRows) > 0) await visitors(day, -1);
    }
    if (!isHashVisitor(link.to) && isHashVisitor(link.from))
      for (const c of moved.clicks) {
        const day = dayOf(c.ts);
        if (!keyed(day)) continue;
        await trx
          .updateTable('dash_source_day')
          .set({ without_consent: sql`without_consent - 1` })
          .where('website_id', '=', websiteId)
          .where('day', '=', day)
          .where('channel', '=', c.channel)
          .where('referrer_domain', '=', c.referrerDomain ?? '')
          .execute();
      }
    // A hash visitor lives one day: with nothing left before `since`, it was never seen apart.
    const anyLeft = await this.events.hasAny(trx, websiteId, link.from, link.since - 8 * DAY_MS);
    // The breakdown rollups see the person under the consented id from now on: the hash visitor's
    // values are theirs (at the later of the two sightings).
    await sql`insert into dash_value_visitor (website_id, dimension, value, visitor_id, last_seen)
      select website_id, dimension, value, ${link.to}, last_seen from dash_value_visitor
      where website_id = ${websiteId} and visitor_id = ${link.from}
      on conflict (website_id, dimension, visitor_id, value) do update set last_seen =
        case when excluded.last_seen > dash_value_visitor.last_seen
        then excluded.last_seen else dash_value_visitor.last_seen end`.execute(trx);
    if (!anyLeft)
      for (const table of ['dash_visitor', 'dash_value_visitor'] as const)
        await trx
          .deleteFrom(table)
          .where('website_id', '=', websiteId)
          .where('visitor_id', '=', link.from)
          .execute();
  }

  /** Rollup rows a subtraction left at zero on the days it touched, as a recount would not write them. */
  private async dropEmptyRows(trx: Transaction<DB>, websiteId: string, touched: number[]) {
    const days = [...new Set(touched)];
    if (days.length === 0) return;
    const on = <T extends 'dash_day' | 'dash_page_day' | 'dash_source_day'>(table: T) =>
      trx
        .deleteFrom(table as 'dash_day')
        .where('website_id', '=', websiteId)
        .where('day', 'in', days);
    await on('dash_day')
      .where('pageviews', '<=', 0)
      .where('visitors', '<=', 0)
      .where('events', '<=', 0)
      .execute();
    await on('dash_page_day').where(sql<boolean>`pageviews <= 0`).execute();
    await on('dash_source_day').where(sql<boolean>`clicks <= 0`).execute();
  }

  /**
   * A page's latest sighting, if it was at `erasedSeen` (the erased visitor's): the latest pageview
   * left on the last day the page has pageviews, or the page goes when none are left. Pages Visited
   * counts distinct paths by it.
   */
  private async resightPage(trx: Transaction<DB>, websiteId: string, page: string, erasedSeen: number) {
    const current = await trx
      .selectFrom('dash_page')
      .select('last_seen')
      .where('website_id', '=', websiteId)
      .where('page', '=', page)
      .executeTakeFirst();
    if (!current || Number(current.last_seen) > erasedSeen) return;
    const latest = await trx
      .selectFrom('dash_page_day')
      .select((eb) => eb.fn.max<number>('day').as('day'))
      .where('website_id', '=', websiteId)
      .where('page', '=', page)
      .executeTakeFirst();
    const where = trx.deleteFrom('dash_page').where('website_id', '=', websiteId).where('page', '=', page);
    if (latest?.day === null || latest?.day === undefined) {
      await where.execute();
      return;
    }
    const day = Number(latest.day);
    const seen = await this.events.latestPageview(trx, websiteId, page, day - DAY_MS, day + 2 * DAY_MS);
    await trx
      .updateTable('dash_page')
      .set(seen ? { last_seen: seen.ts, path: seen.path } : { last_seen: day })
      .where('website_id', '=', websiteId)
      .where('page', '=', page)
      .execute();
  }
}
