import type { CampaignCostSum } from '@ocx/core';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';

export interface CostDay {
  campaignId: string;
  day: string;
  currency: string;
  minor: number;
  origin: 'manual' | 'csv' | 'api';
}

/** Spend per campaign per day; callers check the website's ownership and that campaigns are its own. */
export class AdCostRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Writes days in one transaction: a campaign's day already stored is replaced (amount, currency,
   * origin), never added to. Answers how many of the days replaced a stored one.
   */
  async upsert(websiteId: string, days: readonly CostDay[]): Promise<{ replaced: number }> {
    if (days.length === 0) return { replaced: 0 };
    const now = new Date().toISOString();
    return this.db.transaction().execute(async (trx) => {
      let replaced = 0;
      for (let i = 0; i < days.length; i += 200) {
        const chunk = days.slice(i, i + 200);
        const existing = await trx
          .selectFrom('ad_cost')
          .select(['campaign_id', 'day'])
          .where('website_id', '=', websiteId)
          .where((eb) =>
            eb.or(chunk.map((d) => eb.and([eb('campaign_id', '=', d.campaignId), eb('day', '=', d.day)]))),
          )
          .execute();
        replaced += existing.length;
        await trx
          .insertInto('ad_cost')
          .values(
            chunk.map((d) => ({
              website_id: websiteId,
              campaign_id: d.campaignId,
              day: d.day,
              currency: d.currency,
              amount_minor: d.minor,
              origin: d.origin,
              updated_at: now,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['campaign_id', 'day']).doUpdateSet({
              currency: (eb) => eb.ref('excluded.currency'),
              amount_minor: (eb) => eb.ref('excluded.amount_minor'),
              origin: (eb) => eb.ref('excluded.origin'),
              updated_at: (eb) => eb.ref('excluded.updated_at'),
            }),
          )
          .execute();
      }
      return { replaced };
    });
  }

  /** The (campaign, day) pairs of `days` that already have spend stored. */
  async storedDays(
    websiteId: string,
    days: readonly { campaignId: string; day: string }[],
  ): Promise<Set<string>> {
    const stored = new Set<string>();
    for (let i = 0; i < days.length; i += 200) {
      const chunk = days.slice(i, i + 200);
      if (chunk.length === 0) break;
      const rows = await this.db
        .selectFrom('ad_cost')
        .select(['campaign_id', 'day'])
        .where('website_id', '=', websiteId)
        .where((eb) =>
          eb.or(chunk.map((d) => eb.and([eb('campaign_id', '=', d.campaignId), eb('day', '=', d.day)]))),
        )
        .execute();
      for (const r of rows) stored.add(`${r.campaign_id}\u0000${r.day}`);
    }
    return stored;
  }

  /** Sums per campaign and currency over days in [fromDay, toDay] (plain dates, both included). */
  async sums(websiteId: string, fromDay: string, toDay: string): Promise<CampaignCostSum[]> {
    const rows = await this.db
      .selectFrom('ad_cost')
      .select(['campaign_id', 'currency', sql<number | string>`sum(amount_minor)`.as('minor')])
      .where('website_id', '=', websiteId)
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay)
      .groupBy(['campaign_id', 'currency'])
      .execute();
    return rows.map((r) => ({ campaignId: r.campaign_id, currency: r.currency, minor: Number(r.minor) }));
  }

  /** One campaign's days, newest first. */
  async listByCampaign(websiteId: string, campaignId: string): Promise<CostDay[]> {
    const rows = await this.db
      .selectFrom('ad_cost')
      .select(['campaign_id', 'day', 'currency', 'amount_minor', 'origin'])
      .where('website_id', '=', websiteId)
      .where('campaign_id', '=', campaignId)
      .orderBy('day', 'desc')
      .execute();
    return rows.map((r) => ({
      campaignId: r.campaign_id,
      day: r.day,
      currency: r.currency,
      minor: Number(r.amount_minor),
      origin: r.origin as CostDay['origin'],
    }));
  }
}
