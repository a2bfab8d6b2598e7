import { type AttributionModel, attributionModels } from '@ocx/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { withoutConsentCount } from '../privacy/without-consent';
import { inScope, through } from '../sql/filters';
import { creditOf, valueCreditOf } from './credit-columns';
import type { CreditSum, PathRow, ReportRepository, VisitCounts } from './report.repository';
import { perModel } from './report-rows';

/** report.repository.ts on the SQL database: the credits, clicks and campaigns are its own rows. */
export class SqlReportRepository implements ReportRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private activeVersion(websiteId: string) {
    return this.db.selectFrom('attribution_job').select('active_version').where('website_id', '=', websiteId);
  }

  /** From the clicks' (website, ts) index. */
  async visitCounts(websiteId: string, from: number, to: number): Promise<VisitCounts> {
    const row = await this.db
      .selectFrom('click')
      .select((eb) => [eb.fn.countAll<number>().as('visits'), withoutConsentCount.as('without_consent')])
      .where(inScope({ websiteId, from, to: through(to) }))
      .executeTakeFirst();
    return { visits: Number(row?.visits ?? 0), withoutConsent: Number(row?.without_consent ?? 0) };
  }

  /** One read of the credits serves every model (they are columns). */
  async creditSums(
    websiteId: string,
    from: number,
    to: number,
    models: readonly AttributionModel[] = attributionModels,
  ): Promise<CreditSum[]> {
    const rows = await this.db
      .selectFrom('touch_credit as a')
      .leftJoin('campaign as c', 'c.id', 'a.campaign_id')
      .select(['a.campaign_id', 'c.name as campaign_name', 'a.channel', 'a.currency'])
      .select(
        models.flatMap((m) => [
          sql<number>`sum(${creditOf(m)})`.as(`c_${m}`),
          sql<number>`sum(${valueCreditOf(m)})`.as(`v_${m}`),
        ]),
      )
      .where(inScope({ websiteId, from, to: through(to) }, { alias: 'a' }))
      .where('a.version', '=', this.activeVersion(websiteId))
      .groupBy(['a.campaign_id', 'c.name', 'a.channel', 'a.currency'])
      .execute();
    return rows.map((r) => ({
      campaignId: r.campaign_id,
      campaignName: r.campaign_name,
      channel: r.channel,
      currency: r.currency,
      conversions: perModel(r, 'c_', models),
      valueMinor: perModel(r, 'v_', models),
    }));
  }

  async path(websiteId: string, conversionId: string): Promise<PathRow[]> {
    const rows = await this.db
      .selectFrom('touch_credit as a')
      .leftJoin('click as k', 'k.id', 'a.click_id')
      .leftJoin('campaign as c', 'c.id', 'a.campaign_id')
      .selectAll('a')
      .select(['k.ts as click_ts', 'c.name as campaign_name', 'k.source', 'k.landing_page'])
      .where('a.website_id', '=', websiteId)
      .where('a.conversion_id', '=', conversionId)
      .where('a.version', '=', this.activeVersion(websiteId))
      .orderBy('a.position')
      .execute();
    return rows.map((r) => ({
      position: r.position,
      clickId: r.click_id,
      ts: r.click_ts === null ? null : Number(r.click_ts),
      campaignId: r.campaign_id,
      campaignName: r.campaign_name,
      channel: r.channel,
      source: r.source,
      landingPage: r.landing_page,
      currency: r.currency,
      credits: perModel(r, 'credit_', attributionModels),
      valueMinor: perModel(r, 'value_', attributionModels),
    }));
  }
}
