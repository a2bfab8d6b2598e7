import type { ClickHouseClient } from '@clickhouse/client';
import { chRow } from '../clickhouse/clickhouse-query';

/**
 * Changes to stored events are mutations in ClickHouse; they run before the statement returns, so
 * an erased visitor is gone when the answer says so.
 */
export const MUTATION_SYNC = { mutations_sync: '2', lightweight_deletes_sync: '2' } as const;

/** How many events match `where` (its values as {name:Type} parameters). */
export async function countEvents(
  client: ClickHouseClient,
  where: string,
  params: Record<string, unknown>,
): Promise<number> {
  const row = await chRow<{ n: number }>(client, `SELECT count() AS n FROM events WHERE ${where}`, params);
  return Number(row?.n ?? 0);
}

/** Deletes the matching events (a lightweight delete); returns how many there were. */
export async function deleteEvents(
  client: ClickHouseClient,
  where: string,
  params: Record<string, unknown>,
): Promise<number> {
  const n = await countEvents(client, where, params);
  if (n > 0)
    await client.command({
      query: `DELETE FROM events WHERE ${where}`,
      query_params: params,
      clickhouse_settings: MUTATION_SYNC,
    });
  return n;
}
