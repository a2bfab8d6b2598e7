import type { AttributionModel } from '@ocx/contracts';
import { DAY_MS, type TouchpointGroup, type VisitorGroup } from '@ocx/core';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { creditOf, valueCreditOf } from '../attribution/credit-columns';
import type { LandingCreditRow, LandingDayRow, TouchpointRepository } from './touchpoint.repository';
import { touchpointGroup, visitorGroup } from './touchpoint-group';

/** touchpoint.repository.ts on the SQL database: the clicks and credits are its own rows. */
export class SqlTouchpointRepository implements TouchpointRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private activeVersion(websiteId: string) {
    return this.db.selectFrom('attribution_job').select('active_version').where('website_id', '=', websiteId);
  }

  async clickGroups(websiteId: string): Promise<TouchpointGroup[]> {
    const rows = await this.db
      .selectFrom('click')
      .select((eb) => [
        'campaign_id',
        'click_id_type',
        'utm_source',
        'utm_medium',
        'landing_page',
        eb.fn.countAll<number>().as('n'),
      ])
      .where('website_id', '=', websiteId)
      .groupBy(['campaign_id', 'click_id_type', 'utm_source', 'utm_medium', 'landing_page'])
      .execute();
    return rows.map((r) => touchpointGroup(r, { count: Number(r.n), valueMinor: 0, currency: null }));
  }

  async visitorGroups(websiteId: string): Promise<VisitorGroup[]> {
    const converted = sql<number>`case when visitor_id in (
      select visitor_id from conversion where website_id = ${websiteId} and visitor_id is not null
    ) then 1 else 0 end`;
    const rows = await this.db
      .selectFrom('click')
      .select([
        'campaign_id',
        'click_id_type',
        'utm_source',
        'utm_medium',
        'landing_page',
        'visitor_id',
        converted.as('converted'),
      ])
      .where('website_id', '=', websiteId)
      .groupBy(['campaign_id', 'click_id_type', 'utm_source', 'utm_medium', 'landing_page', 'visitor_id'])
      .execute();
    return rows.map(visitorGroup);
  }

  async creditGroups(websiteId: string, model: AttributionModel): Promise<TouchpointGroup[]> {
    const keys = [
      'a.campaign_id',
      'k.click_id_type',
      'k.utm_source',
      'k.utm_medium',
      'k.landing_page',
      'a.currency',
    ] as const;
    const rows = await this.db
      .selectFrom('touch_credit as a')
      .leftJoin('click as k', 'k.id', 'a.click_id')
      .select([
        ...keys,
        sql<number>`sum(${creditOf(model)})`.as('credit'),
        sql<number>`sum(${valueCreditOf(model)})`.as('value'),
      ])
      .where('a.website_id', '=', websiteId)
      .where('a.version', '=', this.activeVersion(websiteId))
      .groupBy([...keys])
      .execute();
    return rows.map((r) =>
      touchpointGroup(r, { count: Number(r.credit), valueMinor: Number(r.value ?? 0), currency: r.currency }),
    );
  }

  async landingDays(websiteId: string, urls: string[]): Promise<LandingDayRow[]> {
    const day = sql<number>`cast(ts / ${sql.lit(DAY_MS)} as integer)`;
    const rows = await this.db
      .selectFrom('click')
      .select((eb) => [day.as('day'), 'channel', 'campaign_id', eb.fn.countAll<number>().as('n')])
      .where('website_id', '=', websiteId)
      .where('landing_page', 'in', urls)
      .groupBy([day, 'channel', 'campaign_id'])
      .execute();
    return rows.map((r) => ({
      day: Number(r.day),
      channel: r.channel,
      campaignId: r.campaign_id,
      visits: Number(r.n),
    }));
  }

  async landingCredits(
    websiteId: string,
    urls: string[],
    model: AttributionModel,
  ): Promise<LandingCreditRow[]> {
    const day = sql<number>`cast(a.ts / ${sql.lit(DAY_MS)} as integer)`;
    const rows = await this.db
      .selectFrom('touch_credit as a')
      .innerJoin('click as k', 'k.id', 'a.click_id')
      .select([day.as('day'), 'a.campaign_id', sql<number>`sum(${creditOf(model)})`.as('credit')])
      .where('a.website_id', '=', websiteId)
      .where('a.version', '=', this.activeVersion(websiteId))
      .where('k.landing_page', 'in', urls)
      .groupBy([day, 'a.campaign_id'])
      .execute();
    return rows.map((r) => ({
      day: Number(r.day),
      campaignId: r.campaign_id,
      conversions: Number(r.credit),
    }));
  }
}
