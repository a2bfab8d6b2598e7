import type { ClickHouseClient } from '@clickhouse/client';
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema';
import type { ClickTable, ConversionTable } from '../../db/schema/events.schema';
import { chRow, chRows, inWebsites } from '../clickhouse/clickhouse-query';
import { current, live, MirrorReads } from '../clickhouse/mirror-reads.clickhouse';
import { through } from '../sql/filters';
import type {
  ClickFacets,
  ConversionCredit,
  ConversionFacets,
  LogFilter,
  LoggedClick,
  LoggedConversion,
  LogPage,
  LogRepository,
} from './log.repository';
import { SqlLogRepository } from './log.sql';

type Table = 'clicks' | 'conversions';

/** `WHERE …` of a log's filter on ClickHouse's copies (of several websites), with its parameters. */
function filtered(table: Table, f: LogFilter) {
  const params: Record<string, unknown> = { ws: f.websiteIds, from: f.from, to: through(f.to) };
  const terms = [inWebsites(), 'ts >= {from:Int64}', 'ts < {to:Int64}', live];
  if (f.campaign === 'none') terms.push('campaign_id IS NULL');
  else if (f.campaign) {
    terms.push('campaign_id = {campaign:String}');
    params.campaign = f.campaign;
  }
  const equal = (column: string, value: string | undefined) => {
    if (!value) return;
    terms.push(`${column} = {${column}:String}`);
    params[column] = value;
  };
  if (table === 'clicks') {
    equal('source', f.source);
    equal('medium', f.medium);
  } else equal('goal_name', f.goal);
  return { from: `${current(table)} WHERE ${terms.join(' AND ')}`, params };
}

/**
 * The Clicks and Conversions Logs from ClickHouse's copies of the SQL rows (mirror.clickhouse.ts),
 * the same answers as SqlLogRepository's once the copies are up to date; a row's crediting state is
 * read from SQL, where it changes. Campaign names come from SQL, where the campaigns are.
 */
export class ClickHouseLogRepository implements LogRepository {
  private readonly reads: MirrorReads;
  /** The SQL rows themselves: what changes after the copy (crediting) is read there. */
  private readonly sql: SqlLogRepository;

  constructor(
    sqlDb: Kysely<DB>,
    private readonly clickhouse: ClickHouseClient,
  ) {
    this.reads = new MirrorReads(sqlDb);
    this.sql = new SqlLogRepository(sqlDb);
  }

  private async page<T extends { campaign_id: string | null }>(
    table: Table,
    f: LogFilter,
    page: LogPage,
  ): Promise<(T & { campaign_name: string | null })[]> {
    const { from, params } = filtered(table, f);
    const before = page.before ? ' AND (ts < {bts:Int64} OR (ts = {bts:Int64} AND id < {bid:String}))' : '';
    const rows = await chRows<T>(
      this.clickhouse,
      `SELECT * EXCEPT (version, deleted) FROM ${from}${before}
      ORDER BY ts DESC, id DESC LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
      {
        ...params,
        limit: page.limit,
        offset: page.offset ?? 0,
        ...(page.before ? { bts: page.before.ts, bid: page.before.id } : {}),
      },
    );
    const names = await this.reads.campaignNames(rows.map((r) => r.campaign_id));
    return rows.map((r) => ({ ...r, campaign_name: names.get(r.campaign_id ?? '') ?? null }));
  }

  private async count(table: Table, f: LogFilter): Promise<number> {
    const { from, params } = filtered(table, f);
    const row = await chRow<{ n: number }>(this.clickhouse, `SELECT count() AS n FROM ${from}`, params);
    return Number(row?.n ?? 0);
  }

  private async distinct(table: Table, f: LogFilter, column: string): Promise<(string | null)[]> {
    const { from, params } = filtered(table, f);
    const rows = await chRows<{ v: string | null }>(
      this.clickhouse,
      `SELECT DISTINCT ${column} AS v FROM ${from}`,
      params,
    );
    return rows.map((r) => r.v);
  }

  clickPage(f: LogFilter, page: LogPage): Promise<LoggedClick[]> {
    return this.page<Selectable<ClickTable>>('clicks', f, page);
  }

  clickCount(f: LogFilter): Promise<number> {
    return this.count('clicks', f);
  }

  conversionPage(f: LogFilter, page: LogPage): Promise<LoggedConversion[]> {
    return this.page<Selectable<ConversionTable>>('conversions', f, page);
  }

  conversionCount(f: LogFilter): Promise<number> {
    return this.count('conversions', f);
  }

  /** From SQL: crediting changes a conversion after ClickHouse's copy of it. */
  conversionCredit(websiteId: string, id: string): Promise<ConversionCredit | undefined> {
    return this.sql.conversionCredit(websiteId, id);
  }

  async clickFacets(f: LogFilter): Promise<ClickFacets> {
    const base = { ...f, campaign: undefined, source: undefined, medium: undefined };
    const [campaigns, sources, mediums] = await Promise.all([
      this.distinct('clicks', base, 'campaign_id'),
      this.distinct('clicks', base, 'source'),
      this.distinct('clicks', base, 'medium'),
    ]);
    const names = await this.reads.campaignNames(campaigns);
    const known = (values: (string | null)[]) => values.flatMap((v) => (v ? [v] : [])).sort();
    return {
      campaigns: campaigns.map((id) => ({ id, name: names.get(id ?? '') ?? null })),
      sources: known(sources),
      mediums: known(mediums),
    };
  }

  async conversionFacets(f: LogFilter): Promise<ConversionFacets> {
    const base = { ...f, campaign: undefined, goal: undefined };
    const [campaigns, goals] = await Promise.all([
      this.distinct('conversions', base, 'campaign_id'),
      this.distinct('conversions', base, 'goal_name'),
    ]);
    const names = await this.reads.campaignNames(campaigns);
    return {
      campaigns: campaigns.map((id) => ({ id, name: names.get(id ?? '') ?? null })),
      goals: goals.map(String).sort(),
    };
  }
}
