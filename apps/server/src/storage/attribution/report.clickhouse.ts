import type { ClickHouseClient } from '@clickhouse/client';
import { type AttributionModel, attributionModels } from '@ocx/contracts';
import { HASH_VISITOR_PREFIX } from '@ocx/core';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { chRow, chRows, inWebsite } from '../clickhouse/clickhouse-query';
import { current, live, MirrorReads, touches } from '../clickhouse/mirror-reads.clickhouse';
import { through } from '../sql/filters';
import type { CreditSum, PathRow, ReportRepository, VisitCounts } from './report.repository';
import { SqlReportRepository } from './report.sql';
import { perModel } from './report-rows';

/**
 * report.repository.ts on ClickHouse: the sums from its copies of the clicks and credits, the same
 * answers as SqlReportRepository's once the copies are up to date. One conversion's path stays a
 * read of the SQL database, where the credits are written.
 */
export class ClickHouseReportRepository implements ReportRepository {
  private readonly reads: MirrorReads;
  private readonly sql: SqlReportRepository;

  constructor(
    db: Kysely<DB>,
    private readonly clickhouse: ClickHouseClient,
  ) {
    this.reads = new MirrorReads(db);
    this.sql = new SqlReportRepository(db);
  }

  async visitCounts(websiteId: string, from: number, to: number): Promise<VisitCounts> {
    const row = await chRow<{ visits: number; without: number }>(
      this.clickhouse,
      `SELECT count() AS visits, countIf(startsWith(visitor_id, {hash:String})) AS without
      FROM ${current('clicks')}
      WHERE ${inWebsite({ from: true, to: true })} AND ${live}`,
      { w: websiteId, from, to: through(to), hash: HASH_VISITOR_PREFIX },
    );
    return { visits: Number(row?.visits ?? 0), withoutConsent: Number(row?.without ?? 0) };
  }

  async creditSums(
    websiteId: string,
    from: number,
    to: number,
    models: readonly AttributionModel[] = attributionModels,
  ): Promise<CreditSum[]> {
    const version = await this.reads.activeVersion(websiteId);
    if (version === null) return [];
    // Model names come from the closed list, never from a request.
    const sums = models.flatMap((m) => [`sum(t.credit_${m}) AS c_${m}`, `sum(t.value_${m}) AS v_${m}`]);
    const rows = await chRows<Record<string, unknown> & { campaign_id: string | null }>(
      this.clickhouse,
      `SELECT t.campaign_id AS campaign_id, t.channel AS channel, t.currency AS currency, ${sums.join(', ')}
      FROM ${touches}
      WHERE ${inWebsite({ from: true, to: true })} AND ${live} AND t.version = {version:UInt32}
      GROUP BY campaign_id, channel, currency`,
      { w: websiteId, from, to: through(to), version },
    );
    const names = await this.reads.campaignNames(rows.map((r) => r.campaign_id));
    return rows.map((r) => ({
      campaignId: r.campaign_id,
      campaignName: r.campaign_id === null ? null : (names.get(r.campaign_id) ?? null),
      channel: String(r.channel),
      currency: String(r.currency),
      conversions: perModel(r, 'c_', models),
      valueMinor: perModel(r, 'v_', models),
    }));
  }

  path(websiteId: string, conversionId: string): Promise<PathRow[]> {
    return this.sql.path(websiteId, conversionId);
  }
}
