import type { ClickHouseClient } from '@clickhouse/client';
import { type AttributionModel, attributionModels } from '@ocx/contracts';
import { HASH_VISITOR_PREFIX } from '@ocx/core';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { current, live, MirrorReads, touches } from '../clickhouse/mirror-reads.clickhouse';
import { through } from '../sql/filters';
import { type CreditSum, ReportRepository } from './report.sql';

/**
 * The attribution report's sums from ClickHouse's copies of the clicks and credits, the same answers
 * as ReportRepository's once the copies are up to date. One conversion's path stays a SQL read.
 */
export class ClickHouseReportRepository extends ReportRepository {
  private readonly reads: MirrorReads;

  constructor(db: Kysely<DB>, clickhouse: ClickHouseClient) {
    super(db);
    this.reads = new MirrorReads(db, clickhouse);
  }

  override async visitCounts(websiteId: string, from: number, to: number) {
    const [row] = await this.reads.rows<{ visits: number; without: number }>(
      `SELECT count() AS visits, countIf(startsWith(visitor_id, {hash:String})) AS without
      FROM ${current('clicks')}
      WHERE website_id = {w:String} AND ts >= {from:Int64} AND ts < {to:Int64} AND ${live}`,
      { w: websiteId, from, to: through(to), hash: HASH_VISITOR_PREFIX },
    );
    return { visits: Number(row?.visits ?? 0), withoutConsent: Number(row?.without ?? 0) };
  }

  override async creditSums(
    websiteId: string,
    from: number,
    to: number,
    models: readonly AttributionModel[] = attributionModels,
  ): Promise<CreditSum[]> {
    const version = await this.reads.activeVersion(websiteId);
    if (version === null) return [];
    // Model names come from the closed list, never from a request.
    const sums = models.flatMap((m) => [`sum(t.credit_${m}) AS c_${m}`, `sum(t.value_${m}) AS v_${m}`]);
    const rows = await this.reads.rows<Record<string, unknown> & { campaign_id: string | null }>(
      `SELECT t.campaign_id AS campaign_id, t.channel AS channel, t.currency AS currency, ${sums.join(', ')}
      FROM ${touches}
      WHERE website_id = {w:String} AND ts >= {from:Int64} AND ts < {to:Int64} AND ${live}
        AND t.version = {version:UInt32}
      GROUP BY campaign_id, channel, currency`,
      { w: websiteId, from, to: through(to), version },
    );
    const names = await this.reads.campaignNames(rows.map((r) => r.campaign_id));
    const perModel = (r: Record<string, unknown>, prefix: string) =>
      Object.fromEntries(models.map((m) => [m, Number(r[`${prefix}${m}`] ?? 0)]));
    return rows.map((r) => ({
      campaignId: r.campaign_id,
      campaignName: r.campaign_id === null ? null : (names.get(r.campaign_id) ?? null),
      channel: String(r.channel),
      currency: String(r.currency),
      conversions: perModel(r, 'c_'),
      valueMinor: perModel(r, 'v_'),
    }));
  }
}
