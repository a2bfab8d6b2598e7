import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface CreditSum {
  model: string;
  campaignId: string | null;
  campaignName: string | null;
  channel: string;
  /** The conversions' currency: value credit in different currencies is summed apart. */
  currency: string;
  conversions: number;
  value: number;
}

export interface PathRow {
  model: string;
  clickId: string | null;
  credit: number;
  ts: number | null;
  campaignId: string | null;
  campaignName: string | null;
  channel: string;
  source: string | null;
  landingPage: string | null;
}

/** Credit-based figures; always of the website's active attribution version. */
export class ReportRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private activeVersion(websiteId: string) {
    return this.db.selectFrom('attribution_job').select('active_version').where('website_id', '=', websiteId);
  }

  /**
   * Sums of credit and value credit per model, campaign, channel and currency, conversions in
   * [from, to].
   */
  async creditSums(websiteId: string, from: number, to: number, model?: string): Promise<CreditSum[]> {
    let query = this.db
      .selectFrom('attribution_credit as a')
      .leftJoin('campaign as c', 'c.id', 'a.campaign_id')
      .select((eb) => [
        'a.model',
        'a.campaign_id',
        'c.name as campaign_name',
        'a.channel',
        'a.currency',
        eb.fn.sum<number>('a.credit').as('conversions'),
        eb.fn.sum<number>('a.value_credit').as('value'),
      ])
      .where('a.website_id', '=', websiteId)
      .where('a.version', '=', this.activeVersion(websiteId))
      .where('a.ts', '>=', from)
      .where('a.ts', '<=', to)
      .groupBy(['a.model', 'a.campaign_id', 'c.name', 'a.channel', 'a.currency']);
    if (model) query = query.where('a.model', '=', model);
    const rows = await query.execute();
    return rows.map((r) => ({
      model: r.model,
      campaignId: r.campaign_id,
      campaignName: r.campaign_name,
      channel: r.channel,
      currency: r.currency,
      conversions: Number(r.conversions),
      value: Number(r.value),
    }));
  }

  /** The touchpoints of one conversion with each model's credit. */
  async path(websiteId: string, conversionId: string): Promise<PathRow[]> {
    const rows = await this.db
      .selectFrom('attribution_credit as a')
      .leftJoin('click as k', 'k.id', 'a.click_id')
      .leftJoin('campaign as c', 'c.id', 'a.campaign_id')
      .select([
        'a.model',
        'a.click_id',
        'a.credit',
        'k.ts',
        'a.campaign_id',
        'c.name as campaign_name',
        'a.channel',
        'k.source',
        'k.landing_page',
      ])
      .where('a.website_id', '=', websiteId)
      .where('a.conversion_id', '=', conversionId)
      .where('a.version', '=', this.activeVersion(websiteId))
      .execute();
    return rows.map((r) => ({
      model: r.model,
      clickId: r.click_id,
      credit: Number(r.credit),
      ts: r.ts === null ? null : Number(r.ts),
      campaignId: r.campaign_id,
      campaignName: r.campaign_name,
      channel: r.channel,
      source: r.source,
      landingPage: r.landing_page,
    }));
  }
}
