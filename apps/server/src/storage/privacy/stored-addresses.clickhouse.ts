import type { ClickHouseClient } from '@clickhouse/client';
import { inWebsites } from '../clickhouse/clickhouse-query';
import { countEvents, MUTATION_SYNC } from './event-mutations.clickhouse';
import type { AddressScope } from './stored-addresses';

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
  if (scope.websiteIds) terms.push(inWebsites());
  if (scope.before !== undefined) terms.push('ts < {before:Int64}');
  const where = terms.join(' AND ');
  const params = { ws: scope.websiteIds ?? [], before: scope.before ?? 0 };
  const found = await countEvents(client, where, params);
  if (found === 0) return 0;
  await client.command({
    query: `ALTER TABLE events UPDATE ip = ${anonymizedIpSql('assumeNotNull(ip)')} WHERE ${where}`,
    query_params: params,
    clickhouse_settings: MUTATION_SYNC,
  });
  return found;
}
