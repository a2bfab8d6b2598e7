import { anonymizeIp } from '@ocx/core';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

import { ADDRESS_COLUMNS } from './stored-addresses';

type Table = (typeof ADDRESS_COLUMNS)[number][0];
type Column = (typeof ADDRESS_COLUMNS)[number][1];

export interface OldAddressPass {
  /** Rows read (the work done); 0 when the website has nothing older than `before` left to read. */
  read: number;
  /** Addresses cut to /24 or /48. */
  cut: number;
  /** A table had more rows to read than the batch. */
  more: boolean;
}

/**
 * Reads up to `batch` more of a website's events and of its clicks older than `before`, from where
 * the last pass stopped (address_cut_cursor), by the (website_id, ts) index, and cuts the addresses
 * among them to IPv4 /24 or IPv6 /48; an address that cannot be read becomes null. Each pass costs
 * a batch, never a scan of the table: at 10M events a scan for uncut addresses blocked the server
 * for seconds. Rows at the cursor's own ts are read again (already cut, they are left alone).
 */
export async function cutOldAddresses(
  db: Kysely<DB>,
  websiteId: string,
  before: number,
  batch: number,
): Promise<OldAddressPass> {
  const pass: OldAddressPass = { read: 0, cut: 0, more: false };
  for (const [table, column] of ADDRESS_COLUMNS) {
    const from = await cursor(db, websiteId, table);
    let rows = await readFrom(db, table, column, websiteId, from, before, batch);
    if (rows.length === 0) continue;
    let next = (rows.at(-1)?.ts ?? from) + (rows.length < batch ? 1 : 0);
    // A whole batch at one ts: read that ts whole and go past it, or the cursor would not move.
    if (rows.length === batch && next === from) {
      rows = await readFrom(db, table, column, websiteId, from, from + 1, Number.MAX_SAFE_INTEGER);
      next = from + 1;
    }
    pass.read += rows.length;
    pass.more ||= rows.length >= batch;
    pass.cut += await cutRows(db, table, column, rows);
    await db
      .insertInto('address_cut_cursor')
      .values({ website_id: websiteId, table_name: table, ts: next })
      .onConflict((oc) => oc.columns(['website_id', 'table_name']).doUpdateSet({ ts: next }))
      .execute();
  }
  return pass;
}

async function cursor(db: Kysely<DB>, websiteId: string, table: Table): Promise<number> {
  const row = await db
    .selectFrom('address_cut_cursor')
    .select('ts')
    .where('website_id', '=', websiteId)
    .where('table_name', '=', table)
    .executeTakeFirst();
  return row ? Number(row.ts) : 0;
}

type AddressRow = { id: string; address: string | null; ts: number };

async function readFrom(
  db: Kysely<DB>,
  table: Table,
  column: Column,
  websiteId: string,
  from: number,
  before: number,
  limit: number,
): Promise<AddressRow[]> {
  const rows = (await db
    .selectFrom(table)
    .select(['id', `${column} as address`, 'ts'])
    .where('website_id', '=', websiteId)
    .where('ts', '>=', from)
    .where('ts', '<', before)
    .orderBy('ts')
    .limit(limit)
    .execute()) as AddressRow[];
  return rows.map((row) => ({ ...row, ts: Number(row.ts) }));
}

/** Cuts the rows' full addresses, one update per cut value; returns how many rows changed. */
async function cutRows(db: Kysely<DB>, table: Table, column: Column, rows: AddressRow[]): Promise<number> {
  const idsByValue = new Map<string | null, string[]>();
  for (const { id, address } of rows) {
    if (address === null) continue;
    const value = anonymizeIp(address) || null;
    if (value === address) continue;
    idsByValue.set(value, [...(idsByValue.get(value) ?? []), id]);
  }
  let cut = 0;
  for (const [value, ids] of idsByValue) {
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      await db
        .updateTable(table)
        .set({ [column]: value })
        .where('id', 'in', chunk)
        .execute();
      cut += chunk.length;
    }
  }
  return cut;
}
