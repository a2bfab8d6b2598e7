import type { ClickHouseClient } from '@clickhouse/client';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { ClickHouseOutboxTable } from '../../db/schema/events.schema';
import type { Dialect } from '../sql/dialect';
import { chunks } from '../sql/event-store.sql';

type Entry = Selectable<ClickHouseOutboxTable>;
type Kind = Entry['kind'];
const TABLES = {
  click: { sql: 'click', clickhouse: 'clicks' },
  conversion: { sql: 'conversion', clickhouse: 'conversions' },
} as const;
/** Outbox entries copied per pass: a pass is one short read of each table and one insert each. */
const BATCH = 5000;

/**
 * ClickHouse's copies of the SQL clicks and conversions (migration 0040, ClickHouse 0006): triggers
 * name every changed row in `clickhouse_outbox`; `drain` copies the rows it names as they are now,
 * versioned by the entry's sequence number, and a tombstone for a row that is gone or has moved. The
 * logs read the copies; they are as fresh as the last pass (half a second, or at once after a
 * conversion is stored).
 */
export class ClickHouseMirror {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
    private readonly clickhouse: ClickHouseClient,
  ) {}

  /**
   * Turns the copying on, at start with CLICKHOUSE_URL. The first time (or after a time without
   * ClickHouse) its copies are cleared and every row goes to the outbox, in the transaction that
   * turns the triggers on, with the tables locked so that no row is written between the two.
   * Answers whether it did.
   */
  async start(): Promise<boolean> {
    if (await this.isOn(this.db)) return false;
    return this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres')
        await sql`lock table click, conversion in share row exclusive mode`.execute(trx);
      // Another server may have turned it on while this one waited for the lock.
      if (await this.isOn(trx)) return false;
      for (const table of Object.values(TABLES))
        await this.clickhouse.command({ query: `TRUNCATE TABLE IF EXISTS ${table.clickhouse}` });
      await trx.insertInto('clickhouse_mirror').values({ id: 1 }).execute();
      for (const [kind, table] of Object.entries(TABLES))
        await sql`insert into clickhouse_outbox (kind, website_id, row_id, ts)
          select ${kind}, website_id, id, ts from ${sql.table(table.sql)} order by ts`.execute(trx);
      return true;
    });
  }

  /** Turns the copying off (at start without ClickHouse), so that the triggers write nothing. */
  static async stop(db: Kysely<DB>): Promise<void> {
    if (!(await db.selectFrom('clickhouse_mirror').select('id').executeTakeFirst())) return;
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('clickhouse_mirror').execute();
      await trx.deleteFrom('clickhouse_outbox').execute();
    });
  }

  private async isOn(db: Kysely<DB>): Promise<boolean> {
    return (await db.selectFrom('clickhouse_mirror').select('id').executeTakeFirst()) !== undefined;
  }

  /** Copies the rows of up to BATCH outbox entries; answers how many entries it took. */
  async drain(batch = BATCH): Promise<number> {
    const entries = await this.db
      .selectFrom('clickhouse_outbox')
      .selectAll()
      .orderBy('seq')
      .limit(batch)
      .execute();
    if (entries.length === 0) return 0;
    for (const kind of Object.keys(TABLES) as Kind[]) {
      const mine = entries.filter((e) => e.kind === kind);
      if (mine.length > 0) await this.copy(kind, mine);
    }
    // By sequence number, not up to the last one: on PostgreSQL a lower number can commit later.
    for (const seqs of chunks(entries.map((e) => Number(e.seq))))
      await this.db.deleteFrom('clickhouse_outbox').where('seq', 'in', seqs).execute();
    return entries.length;
  }

  /** Each named place (website, row, time) at its latest entry: the row as it is now, or a tombstone. */
  private async copy(kind: Kind, entries: Entry[]): Promise<void> {
    const latest = new Map<string, Entry>();
    for (const e of entries) {
      const key = JSON.stringify([e.website_id, e.row_id, Number(e.ts)]);
      const seen = latest.get(key);
      if (!seen || Number(seen.seq) < Number(e.seq)) latest.set(key, e);
    }
    const ids = [...new Set(entries.map((e) => e.row_id))];
    const rows = new Map<string, Record<string, unknown>>();
    for (const chunk of chunks(ids)) {
      const found = await this.db.selectFrom(TABLES[kind].sql).selectAll().where('id', 'in', chunk).execute();
      for (const row of found) rows.set(String(row.id), row);
    }
    const values = [...latest.values()].map((e) => {
      const row = rows.get(e.row_id);
      const place = { website_id: e.website_id, id: e.row_id, ts: Number(e.ts), version: Number(e.seq) };
      if (!row || row.website_id !== e.website_id || Number(row.ts) !== Number(e.ts))
        return { ...place, deleted: 1 };
      return { ...numbersOf(row), ...place, deleted: 0 };
    });
    await this.clickhouse.insert({ table: TABLES[kind].clickhouse, values, format: 'JSONEachRow' });
  }
}

/** A SQL row for ClickHouse: PostgreSQL's bigint columns come as text. */
function numbersOf(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  for (const column of ['ts', 'value_minor', 'followed_up', 'path_changes'])
    if (typeof out[column] === 'string') out[column] = Number(out[column]);
  return out;
}
