import { type AttributionModel, attributionModels, type PerModel } from '@ocx/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { withoutConsentCount } from '../privacy/without-consent';
import { inScope, through } from '../sql/filters';
import { creditOf, valueCreditOf } from './credit-columns';

export interface CreditSum {
  campaignId: string | null;
  campaignName: string | null;
  channel: string;
  /** The conversions' currency: value credit in different currencies is summed apart. */
  currency: string;
  /** Sums of credit per model (fractional conversions); models not asked for are absent. */
  conversions: Partial<PerModel>;
  /** Sums of value credit per model in the currency's minor units. */
  valueMinor: Partial<PerModel>;
}

export interface PathRow {
  position: number;
  clickId: string | null;
  ts: number | null;
  campaignId: string | null;
  campaignName: string | null;
  channel: string;
  source: string | null;
  landingPage: string | null;
  currency: string;
  credits: PerModel;
  valueMinor: PerModel;
}

const perModel = (row: Record<string, unknown>, prefix: string, models: readonly AttributionModel[]) =>
  Object.fromEntries(models.map((m) => [m, Number(row[`${prefix}${m}`] ?? 0)])) as PerModel;

/** Credit-based figures; always of the website's active attribution version. */
export class ReportRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private activeVersion(websiteId: string) {
    return this.db.selectFrom('attribution_job').select('active_version').where('website_id', '=', websiteId);
  }

  /**
   * Sums of credit and value credit per campaign, channel and currency under each of `models`,
   * conversions in [from, to]: one read of the credits serves every model (they are columns).
   */
  /**
   * Visits (session entrances) in [from, to] and those of hash visitors (no consent), from the
   * clicks' (website, ts) index: what the report could not attribute across days.
   */
  async visitCounts(
    websiteId: string,
    from: number,
    to: number,
  ): Promise<{ visits: number; withoutConsent: number }> {
    const row = await this.db
      .selectFrom('click')
      .select((eb) => [eb.fn.countAll<number>().as('visits'), withoutConsentCount.as('without_consent')])
      .where(inScope({ websiteId, from, to: through(to) }))
      .executeTakeFirst();
    return { visits: Number(row?.visits ?? 0), withoutConsent: Number(row?.without_consent ?? 0) };
  }

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

  /** The touchpoints of one conversion in path order with each model's credit and value credit. */
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
