import type { ClickHouseClient } from '@clickhouse/client';
import type { AttributionModel } from '@ocx/contracts';
import { DAY_MS, type TouchpointGroup, type VisitorGroup } from '@ocx/core';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { chRows, inWebsite } from '../clickhouse/clickhouse-query';
import { current, live, MirrorReads, touches } from '../clickhouse/mirror-reads.clickhouse';
import type { LandingCreditRow, LandingDayRow, TouchpointRepository } from './touchpoint.repository';
import { type GroupKeys, touchpointGroup, visitorGroup } from './touchpoint-group';

/** The website's live clicks, to join to credits by click id. */
const clicksOf = `(SELECT id, click_id_type, utm_source, utm_medium, landing_page
  FROM ${current('clicks')} WHERE ${inWebsite()} AND ${live})`;

/**
 * touchpoint.repository.ts on ClickHouse: the groups of clicks and credit from its copies, the same
 * answers as SqlTouchpointRepository's once the copies are up to date; only the active attribution
 * version is read from the SQL database.
 */
export class ClickHouseTouchpointRepository implements TouchpointRepository {
  private readonly reads: MirrorReads;

  constructor(
    db: Kysely<DB>,
    private readonly clickhouse: ClickHouseClient,
  ) {
    this.reads = new MirrorReads(db);
  }

  async clickGroups(websiteId: string): Promise<TouchpointGroup[]> {
    const rows = await chRows<GroupKeys & { n: number }>(
      this.clickhouse,
      `SELECT campaign_id, click_id_type, utm_source, utm_medium, landing_page, count() AS n
      FROM ${current('clicks')} WHERE ${inWebsite()} AND ${live}
      GROUP BY campaign_id, click_id_type, utm_source, utm_medium, landing_page`,
      { w: websiteId },
    );
    return rows.map((r) => touchpointGroup(r, { count: Number(r.n), valueMinor: 0, currency: null }));
  }

  async visitorGroups(websiteId: string): Promise<VisitorGroup[]> {
    const rows = await chRows<GroupKeys & { visitor_id: string; converted: number }>(
      this.clickhouse,
      `SELECT campaign_id, click_id_type, utm_source, utm_medium, landing_page, visitor_id,
        visitor_id IN (
          SELECT assumeNotNull(visitor_id) FROM ${current('conversions')}
          WHERE ${inWebsite()} AND ${live} AND visitor_id IS NOT NULL
        ) AS converted
      FROM ${current('clicks')} WHERE ${inWebsite()} AND ${live}
      GROUP BY campaign_id, click_id_type, utm_source, utm_medium, landing_page, visitor_id`,
      { w: websiteId },
    );
    return rows.map(visitorGroup);
  }

  async creditGroups(websiteId: string, model: AttributionModel): Promise<TouchpointGroup[]> {
    const version = await this.reads.activeVersion(websiteId);
    if (version === null) return [];
    const rows = await chRows<GroupKeys & { currency: string; credit: number; value: number }>(
      this.clickhouse,
      // The model's name comes from the closed list, never from a request.
      `SELECT t.campaign_id AS campaign_id, k.click_id_type AS click_id_type, k.utm_source AS utm_source,
        k.utm_medium AS utm_medium, k.landing_page AS landing_page, t.currency AS currency,
        sum(t.credit_${model}) AS credit, sum(t.value_${model}) AS value
      FROM ${touches} LEFT JOIN ${clicksOf} AS k ON k.id = t.click_id
      WHERE ${inWebsite()} AND ${live} AND t.version = {version:UInt32}
      GROUP BY campaign_id, click_id_type, utm_source, utm_medium, landing_page, currency
      SETTINGS join_use_nulls = 1`,
      { w: websiteId, version },
    );
    return rows.map((r) =>
      touchpointGroup(r, { count: Number(r.credit), valueMinor: Number(r.value ?? 0), currency: r.currency }),
    );
  }

  async landingDays(websiteId: string, urls: string[]): Promise<LandingDayRow[]> {
    const rows = await chRows<{
      day: number;
      channel: string;
      campaign_id: string | null;
      n: number;
    }>(
      this.clickhouse,
      `SELECT intDiv(ts, {dayMs:Int64}) AS day, channel, campaign_id, count() AS n
      FROM ${current('clicks')}
      WHERE ${inWebsite()} AND ${live} AND landing_page IN {urls:Array(String)}
      GROUP BY day, channel, campaign_id`,
      { w: websiteId, urls, dayMs: DAY_MS },
    );
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
    const version = await this.reads.activeVersion(websiteId);
    if (version === null) return [];
    const rows = await chRows<{ day: number; campaign_id: string | null; credit: number }>(
      this.clickhouse,
      `SELECT intDiv(ts, {dayMs:Int64}) AS day, t.campaign_id AS campaign_id, sum(t.credit_${model}) AS credit
      FROM ${touches} INNER JOIN ${clicksOf} AS k ON k.id = t.click_id
      WHERE ${inWebsite()} AND ${live} AND t.version = {version:UInt32}
        AND k.landing_page IN {urls:Array(String)}
      GROUP BY day, campaign_id`,
      { w: websiteId, version, urls, dayMs: DAY_MS },
    );
    return rows.map((r) => ({
      day: Number(r.day),
      campaignId: r.campaign_id,
      conversions: Number(r.credit),
    }));
  }
}
