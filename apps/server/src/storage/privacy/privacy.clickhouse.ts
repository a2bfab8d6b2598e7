import type { ClickHouseClient } from '@clickhouse/client';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { EventTable } from '../../db/schema/events.schema';
import type { Dialect } from '../sql/dialect';
import { ConsentLinkRepository } from './consent-link.sql';
import { clickHouseEventReads } from './correction-events.clickhouse';
import { RetentionRepository } from './retention.sql';
import type { AddressScope } from './stored-addresses';
import { VisitorDataRepository } from './visitor-data.sql';

/**
 * Changes to stored events are mutations in ClickHouse; they run before the statement returns, so
 * an erased visitor is gone when the answer says so.
 */
const SYNC = { mutations_sync: '2', lightweight_deletes_sync: '2' } as const;

async function count(client: ClickHouseClient, where: string, params: Record<string, unknown>) {
  const result = await client.query({
    query: `SELECT count() AS n FROM events WHERE ${where}`,
    query_params: params,
    format: 'JSONEachRow',
  });
  const [row] = await result.json<{ n: number }>();
  return Number(row?.n ?? 0);
}

/** Deletes the matching events (a lightweight delete); returns how many there were. */
async function deleteEvents(client: ClickHouseClient, where: string, params: Record<string, unknown>) {
  const n = await count(client, where, params);
  if (n > 0)
    await client.command({
      query: `DELETE FROM events WHERE ${where}`,
      query_params: params,
      clickhouse_settings: SYNC,
    });
  return n;
}

/** A visitor's export and erasure (GDPR Art. 15 and 17) with the raw events in ClickHouse. */
export class ClickHouseVisitorDataRepository extends VisitorDataRepository {
  constructor(
    db: Kysely<DB>,
    dialect: Dialect,
    private readonly clickhouse: ClickHouseClient,
  ) {
    super(db, dialect, clickHouseEventReads(clickhouse));
  }

  protected override async eventsOf(websiteId: string, visitorId: string): Promise<Selectable<EventTable>[]> {
    const result = await this.clickhouse.query({
      query: 'SELECT * FROM events WHERE website_id = {w:String} AND visitor_id = {v:String} ORDER BY ts, id',
      query_params: { w: websiteId, v: visitorId },
      format: 'JSONEachRow',
    });
    return result.json<Selectable<EventTable>>();
  }

  /** In ClickHouse before the SQL rows: should the SQL erasure then fail, a retry finds these gone. */
  protected override eraseEvents(
    _trx: Transaction<DB>,
    websiteId: string,
    visitorId: string,
  ): Promise<number> {
    return deleteEvents(this.clickhouse, 'website_id = {w:String} AND visitor_id = {v:String}', {
      w: websiteId,
      v: visitorId,
    });
  }
}

/** Retention with the raw events in ClickHouse: the old ones go in one lightweight delete. */
export class ClickHouseRetentionRepository extends RetentionRepository {
  constructor(
    db: Kysely<DB>,
    private readonly clickhouse: ClickHouseClient,
  ) {
    super(db);
  }

  protected override deleteOlderEvents(websiteId: string, before: number): Promise<number> {
    return deleteEvents(this.clickhouse, 'website_id = {w:String} AND ts < {before:Int64}', {
      w: websiteId,
      before,
    });
  }
}

/** A consenting visitor's events since the moment move to the new visitor id in ClickHouse too. */
export class ClickHouseConsentLinkRepository extends ConsentLinkRepository {
  constructor(
    db: Kysely<DB>,
    dialect: Dialect,
    private readonly clickhouse: ClickHouseClient,
  ) {
    super(db, dialect, clickHouseEventReads(clickhouse));
  }

  protected override async moveEvents(
    _trx: Transaction<DB>,
    websiteId: string,
    from: string,
    to: string,
    since: number,
  ): Promise<void> {
    const where = 'website_id = {w:String} AND visitor_id = {from:String} AND ts >= {since:Int64}';
    const params = { w: websiteId, from, to, since };
    if ((await count(this.clickhouse, where, params)) === 0) return;
    await this.clickhouse.command({
      query: `ALTER TABLE events UPDATE visitor_id = {to:String} WHERE ${where}`,
      query_params: params,
      clickhouse_settings: SYNC,
    });
  }
}

/**
 * core anonymizeIp as a ClickHouse expression on `address` (a String): IPv4, also mapped into IPv6,
 * keeps its /24; IPv6 its first three groups as written, lower-cased, the groups `::` stands for
 * counted as zeros; anything else becomes NULL (the SQL stores store '' as NULL too). Step for step
 * the same as the TypeScript, tested so on awkward addresses.
 */
function anonymizedIpSql(address: string): string {
  const none = "CAST([], 'Array(String)')";
  const parts = `splitByString('::', ${address})`;
  const head = `arrayElement(${parts}, 1)`;
  const tail = `arrayElement(${parts}, 2)`;
  const compressed = `(position(${address}, '::') > 0)`;
  const left = `if(${head} = '', ${none}, splitByChar(':', ${head}))`;
  const right = `if(${compressed} AND ${tail} != '', splitByChar(':', ${tail}), ${none})`;
  const missing = `(8 - toInt64(length(${left})) - toInt64(length(${right})))`;
  const groups = `arrayConcat(${left}, arrayWithConstant(toUInt64(greatest(${missing}, 0)), '0'), ${right})`;
  const v4 = `match(${address}, '^(::[fF]{4}:)?[0-9]{1,3}([.][0-9]{1,3}){3}$')`;
  const v6 = `match(${address}, '^[0-9a-fA-F:]+$') AND position(${address}, ':') > 0 AND ${missing} >= 0 AND (${compressed} OR ${missing} = 0)`;
  return `multiIf(
    ${v4}, toNullable(replaceRegexpOne(replaceRegexpOne(${address}, '^::[fF]{4}:', ''), '[.][0-9]{1,3}$', '.0')),
    ${v6}, toNullable(concat(lower(arrayStringConcat(arraySlice(${groups}, 1, 3), ':')), '::')),
    NULL)`;
}

/**
 * stored-addresses.ts for the events in ClickHouse: every full address in the scope cut to /24 or
 * /48 in one mutation (a mutation rewrites the column of every part it touches, so one for all of
 * them rather than one per batch). Returns how many events were cut (0: nothing left).
 */
export async function truncateClickHouseAddresses(
  client: ClickHouseClient,
  scope: AddressScope,
): Promise<number> {
  if (scope.websiteIds?.length === 0) return 0;
  const terms = ["ip IS NOT NULL AND NOT endsWith(ip, '.0') AND NOT endsWith(ip, '::')"];
  if (scope.websiteIds) terms.push('website_id IN {sites:Array(String)}');
  if (scope.before !== undefined) terms.push('ts < {before:Int64}');
  const where = terms.join(' AND ');
  const params = { sites: scope.websiteIds ?? [], before: scope.before ?? 0 };
  const found = await count(client, where, params);
  if (found === 0) return 0;
  await client.command({
    query: `ALTER TABLE events UPDATE ip = ${anonymizedIpSql('assumeNotNull(ip)')} WHERE ${where}`,
    query_params: params,
    clickhouse_settings: SYNC,
  });
  return found;
}
