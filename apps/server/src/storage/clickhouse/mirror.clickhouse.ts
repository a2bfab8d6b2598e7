import type { ClickHouseClient } from '@clickhouse/client';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Dialect } from '../../db/dialect';
import type { DB } from '../../db/schema';
import type { ClickHouseOutboxTable } from '../../db/schema/events.schema';
import { chunks } from '../events/event-store.sql';

type Entry = Selectable<ClickHouseOutboxTable>;
type Kind = Entry['kind'];
type Row = Record<string, unknown>;
/** Each kind's SQL table, the column the outbox names its rows by, and ClickHouse's copy. */
const TABLES = {
  click: { sql: 'click', id: 'id', clickhouse: 'clicks' },
  conversion: { sql: 'conversion', id: 'id', clickhouse: 'conversions' },
  credit: { sql: 'touch_credit', id: 'conversion_id', clickhouse: 'credits' },
} as const;
/** Outbox entries copied per batch: a short read of each table and one insert each. */
const BATCH = 5000;
/** Ids per SQL `in` list (SQLite allows 32,766 parameters). */
const IDS_PER_READ = 1000;
/** The health check counts the outbox up to here: a count of millions would not be cheap. */
const BACKLOG_COUNT_CAP = 100_000;

/**
 * ClickHouse's copies of the SQL clicks, conversions and credits (migration 0040, ClickHouse 0006):
 * triggers name every changed row in `clickhouse_outbox`; `drain` copies the rows it names as they
 * are now, versioned by the entry's sequence number, and a tombstone for a row that is gone or has
 * moved; a conversion's credits go together. The logs and reports read the copies; they are as fresh
 * as the last pass (half a second, or at once after a conversion is stored). A copy reflects the row
 * as read, at least as new as its entry: the writers of one row (of one conversion's credits: the
 * crediting passes and recompute steps, which take the website's turn) do not interleave, so a later
 * change always has a later entry and a later version.
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
        await sql`lock table click, conversion, touch_credit in share row exclusive mode`.execute(trx);
      // Another server may have turned it on while this one waited for the lock.
      if (await this.isOn(trx)) return false;
      for (const table of Object.values(TABLES))
        await this.clickhouse.command({ query: `TRUNCATE TABLE IF EXISTS ${table.clickhouse}` });
      await trx.insertInto('clickhouse_mirror').values({ id: 1 }).execute();
      for (const [kind, table] of Object.entries(TABLES))
        await sql`insert into clickhouse_outbox (kind, website_id, row_id, ts)
          select distinct ${kind}, website_id, ${sql.ref(table.id)}, ts from ${sql.table(table.sql)}`.execute(
          trx,
        );
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

  /** Outbox entries not copied yet, counted up to `cap`. */
  async backlog(cap = BACKLOG_COUNT_CAP): Promise<number> {
    const row = await this.db
      .selectFrom((db) => db.selectFrom('clickhouse_outbox').select('seq').limit(cap).as('waiting'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Copies batches for up to `budgetMs` while they come full (the first start's backlog: every row
   * there was), so that a background pass copies a lot without holding up the other tasks for long.
   */
  async drainFor(budgetMs: number): Promise<number> {
    const until = Date.now() + budgetMs;
    let copied = 0;
    for (;;) {
      const n = await this.drain();
      copied += n;
      if (n < BATCH || Date.now() >= until) return copied;
    }
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
    for (const seqs of chunks(
      entries.map((e) => Number(e.seq)),
      IDS_PER_READ,
    ))
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
    const table = TABLES[kind];
    const rows = new Map<string, Row[]>();
    for (const chunk of chunks([...new Set(entries.map((e) => e.row_id))], IDS_PER_READ)) {
      const found: Row[] = await this.db
        .selectFrom(table.sql)
        .selectAll()
        .where(table.id, 'in', chunk)
        .execute();
      for (const row of found) {
        const id = String(row[table.id]);
        rows.set(id, [...(rows.get(id) ?? []), row]);
      }
    }
    const values = [...latest.values()].map((e) => {
      const now = rows.get(e.row_id) ?? [];
      const place = {
        website_id: e.website_id,
        [table.id]: e.row_id,
        ts: Number(e.ts),
        version: Number(e.seq),
      };
      const here = now.filter((r) => r.website_id === e.website_id && Number(r.ts) === Number(e.ts));
      if (here.length === 0) return { ...place, deleted: 1 };
      const copy = kind === 'credit' ? touchesOf(here) : numbersOf(here[0] as Row);
      return { ...copy, ...place, deleted: 0 };
    });
    await this.clickhouse.insert({ table: table.clickhouse, values, format: 'JSONEachRow' });
  }
}

/** A conversion's credit rows as the Nested `touch` columns of its one ClickHouse row. */
function touchesOf(rows: Row[]): Row {
  const sorted = [...rows].sort(
    (a, b) => Number(a.version) - Number(b.version) || Number(a.position) - Number(b.position),
  );
  const columns = Object.keys(sorted[0] as Row).filter(
    (c) => !['conversion_id', 'website_id', 'ts'].includes(c),
  );
  const numeric = (c: string) => c === 'version' || c === 'position' || /^(credit|value)_/.test(c);
  return Object.fromEntries(
    columns.map((c) => [`touch.${c}`, sorted.map((r) => (numeric(c) ? Number(r[c]) : r[c]))]),
  );
}

/** A SQL row for ClickHouse: PostgreSQL's bigint columns come as text. */
function numbersOf(row: Row): Row {
  const out: Row = { ...row };
  for (const column of ['ts', 'value_minor', 'followed_up', 'path_changes'])
    if (typeof out[column] === 'string') out[column] = Number(out[column]);
  return out;
}
