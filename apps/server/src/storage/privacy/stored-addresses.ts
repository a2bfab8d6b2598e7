import { anonymizeIp } from '@ocx/core';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Where client addresses are stored: the raw event and the click (the Clicks Log's ip_address). */
export const ADDRESS_COLUMNS = [
  ['event', 'ip'],
  ['click', 'ip_address'],
] as const;

export interface AddressScope {
  /** Only these websites (at most a few hundred per call); all when absent. */
  websiteIds?: string[];
  /** Only rows older than this (ms epoch). */
  before?: number;
}

/**
 * Truncates up to `limit` distinct stored addresses of each table of these websites to IPv4 /24 or
 * IPv6 /48 (what the ingestion step stores for a website with IP anonymization); an address that
 * cannot be read becomes null. Rows already cut (ending in .0 or ::) are left alone. Returns how
 * many distinct addresses were cut: 0 means nothing is left in the scope.
 */
export async function truncateStoredAddresses(
  db: Kysely<DB>,
  scope: { websiteIds: string[] },
  limit = 200,
): Promise<number> {
  if (scope.websiteIds.length === 0) return 0;
  let cut = 0;
  for (const [table, column] of ADDRESS_COLUMNS) {
    const rows = (await db
      .selectFrom(table)
      .select(`${column} as address`)
      .distinct()
      .where('website_id', 'in', scope.websiteIds)
      .where(column, 'is not', null)
      .where(column, 'not like', '%.0')
      .where(column, 'not like', '%::')
      .limit(limit)
      .execute()) as { address: string }[];
    for (const { address } of rows)
      await db
        .updateTable(table)
        .set({ [column]: anonymizeIp(address) || null })
        .where(column, '=', address)
        .where('website_id', 'in', scope.websiteIds)
        .execute();
    cut += rows.length;
  }
  return cut;
}
