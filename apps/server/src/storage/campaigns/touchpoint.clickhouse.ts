import type { ClickHouseClient } from '@clickhouse/client';
import type { AttributionModel } from '@ocx/contracts';
import type { TouchpointGroup } from '@ocx/core';
import { DAY_MS } from '@ocx/core';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { current, live, MirrorReads, touches } from '../clickhouse/mirror-reads.clickhouse';
import {
  type GroupKeys,
  type LandingCreditRow,
  type LandingDayRow,
  TouchpointRepository,
  touchpointGroup,
} from './touchpoint.sql';

/** The website's live clicks, to join to credits by click id. */
const clicksOf = `(SELECT id, click_id_type, utm_source, utm_medium, landing_page
  FROM ${current('clicks')} WHERE website_id = {w:String} AND ${live})`;

/**
 * The campaign cards' and landing-page statistics' groups of clicks and credit from ClickHouse's
 * copies, the same answers as TouchpointRepository's once the copies are up to date.
 */
export class ClickHouseTouchpointRepository extends TouchpointRepository {
  private readonly reads: MirrorReads;

  constructor(db: Kysely<DB>, clickhouse: ClickHouseClient) {
    super(db);
    this.reads = new MirrorReads(db, clickhouse);
  }

  override async clickGroups(websiteId: string): Promise<TouchpointGroup[]> {
    const rows = await this.reads.rows<GroupKeys & { n: number }>(
      `SELECT campaign_id, click_id_type, utm_source, utm_medium, landing_page, count() AS n
      FROM ${current('clicks')} WHERE website_id = {w:String} AND ${live}
      GROUP BY campaign_id, click_id_type, utm_source, utm_medium, landing_page`,
      { w: websiteId },
    );
    return rows.map((r) => touchpointGroup(r, { count: Number(r.n), valueMinor: 0, currency: null }));
  }

  override async creditGroups(websiteId: string, model: AttributionModel): Promise<TouchpointGroup[]> {
    const version = await this.reads.activeVersion(websiteId);
    if (version === null) return [];
    const rows = await this.reads.rows<GroupKeys & { currency: string; credit: number; value: number }>(
      // The model's name comes from the closed list, never from a request.
      `SELECT t.campaign_id AS campaign_id, k.click_id_type AS click_id_type, k.utm_source AS utm_source,
        k.utm_medium AS utm_medium, k.landing_page AS landing_page, t.currency AS currency,
        sum(t.credit_${model}) AS credit, sum(t.value_${model}) AS value
      FROM ${touches} LEFT JOIN ${clicksOf} AS k ON k.id = t.click_id
      WHERE website_id = {w:String} AND ${live} AND t.version = {version:UInt32}
      GROUP BY campaign_id, click_id_type, utm_source, utm_medium, landing_page, currency
      SETTINGS join_use_nulls = 1`,
      { w: websiteId, version },
    );
    return rows.map((r) =>
      touchpointGroup(r, { count: Number(r.credit), valueMinor: Number(r.value ?? 0), currency: r.currency }),
    );
  }

  override async landingDays(websiteId: string, urls: string[]): Promise<LandingDayRow[]> {
    const rows = await this.reads.rows<{
      day: number;
      channel: string;
      campaign_id: string | null;
      n: number;
    }>(
      `SELECT intDiv(ts, ${DAY_MS}) AS day, channel, campaign_id, count() AS n
      FROM ${current('clicks')}
      WHERE website_id = {w:String} AND ${live} AND landing_page IN {urls:Array(String)}
      GROUP BY day, channel, campaign_id`,
      { w: websiteId, urls },
    );
    return rows.map((r) => ({
      day: Number(r.day),
      channel: r.channel,
      campaignId: r.campaign_id,
      visits: Number(r.n),
    }));
  }

  override async landingVisitors(websiteId: string, urls: string[]): Promise<number> {
    const [row] = await this.reads.rows<{ n: number }>(
      `SELECT uniqExact(visitor_id) AS n FROM ${current('clicks')}
      WHERE website_id = {w:String} AND ${live} AND landing_page IN {urls:Array(String)}`,
      { w: websiteId, urls },
    );
    return Number(row?.n ?? 0);
  }

  override async landingCredits(
    websiteId: string,
    urls: string[],
    model: AttributionModel,
  ): Promise<LandingCreditRow[]> {
    const version = await this.reads.activeVersion(websiteId);
    if (version === null) return [];
    const rows = await this.reads.rows<{ day: number; campaign_id: string | null; credit: number }>(
      `SELECT intDiv(ts, ${DAY_MS}) AS day, t.campaign_id AS campaign_id, sum(t.credit_${model}) AS credit
      FROM ${touches} INNER JOIN ${clicksOf} AS k ON k.id = t.click_id
      WHERE website_id = {w:String} AND ${live} AND t.version = {version:UInt32}
        AND k.landing_page IN {urls:Array(String)}
      GROUP BY day, campaign_id`,
      { w: websiteId, version, urls },
    );
    return rows.map((r) => ({
      day: Number(r.day),
      campaignId: r.campaign_id,
      conversions: Number(r.credit),
    }));
  }
}
