import type { ClickHouseClient } from '@clickhouse/client';

/**
 * The two pieces every ClickHouse reader writes: a query's rows, and the website-and-time scope
 * of a WHERE. Parameters are always named {w} (website), {ws} (several websites), {from}, {to};
 * values never enter the text.
 */

/** Runs a SELECT on ClickHouse and answers its rows. */
export async function chRows<T>(
  client: ClickHouseClient,
  query: string,
  params: Record<string, unknown>,
): Promise<T[]> {
  const result = await client.query({ query, query_params: params, format: 'JSONEachRow' });
  return result.json<T>();
}

/** Runs a SELECT that answers one row (a count, a minimum), or undefined when it answers none. */
export async function chRow<T>(
  client: ClickHouseClient,
  query: string,
  params: Record<string, unknown>,
): Promise<T | undefined> {
  const [row] = await chRows<T>(client, query, params);
  return row;
}

interface ScopeShape {
  /** Column prefix such as 'c.' inside a join. */
  alias?: string;
  /** Starts at {from:Int64} (inclusive). */
  from?: boolean;
  /** Ends before {to:Int64} (exclusive). */
  to?: boolean;
}

/** `website_id = {w:String}`, and `ts >= {from:Int64}` / `ts < {to:Int64}` when asked for. */
export function inWebsite({ alias = '', from = false, to = false }: ScopeShape = {}): string {
  let where = `${alias}website_id = {w:String}`;
  if (from) where += ` AND ${alias}ts >= {from:Int64}`;
  if (to) where += ` AND ${alias}ts < {to:Int64}`;
  return where;
}

/** `website_id IN {ws:Array(String)}`: the rows of several websites, their ids in the parameter. */
export function inWebsites(alias = ''): string {
  return `${alias}website_id IN {ws:Array(String)}`;
}

/** `website_id = {w:String} AND ts >= {from:Int64}`, with ` AND ts < {to:Int64}` when the range ends. */
export function inRange(to: boolean, alias = ''): string {
  return inWebsite({ alias, from: true, to });
}
