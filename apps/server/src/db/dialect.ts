import {
  type Kysely,
  type QueryExecutorProvider,
  type RawBuilder,
  type SelectQueryBuilder,
  sql,
} from 'kysely';

/** The SQL databases OCX stores in. */
export type Dialect = 'sqlite' | 'postgres';

/** The value for a dialect: `perDialect(dialect, { sqlite: …, postgres: … })`. */
export const perDialect = <T>(dialect: Dialect, values: Record<Dialect, T>): T => values[dialect];

/** Runs the handler of a target's dialect with the target narrowed to it (a database config). */
export function onDialect<T extends { dialect: Dialect }, R>(
  target: T,
  handlers: { [D in Dialect]: (target: Extract<T, { dialect: D }>) => R },
): R {
  return (handlers[target.dialect] as (target: T) => R)(target);
}

/**
 * Several app servers may write to one PostgreSQL database at once, so their writers claim rows and
 * take turns per website; a SQLite file has one writer at a time and needs neither.
 */
export const locksRows = (dialect: Dialect): boolean =>
  perDialect(dialect, { sqlite: false, postgres: true });

/** The selected rows stay claimed until the transaction ends; rows another writer holds are skipped. */
export function forUpdateSkipLocked<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  dialect: Dialect,
): SelectQueryBuilder<DB, TB, O> {
  return locksRows(dialect) ? query.forUpdate().skipLocked() : query;
}

/**
 * Transactions with the same key run one after the other across app servers (a PostgreSQL advisory
 * lock, released when the transaction ends); on SQLite the write lock already serialises them.
 */
export async function takeTurns(trx: QueryExecutorProvider, dialect: Dialect, key: string): Promise<void> {
  if (locksRows(dialect)) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/** The first key of OCX's two-key advisory locks (oneServerAtATime), apart from takeTurns' one-key locks. */
const ALONE_LOCK_SPACE = 7310;

/**
 * Runs `work` on one app server at a time (a PostgreSQL session advisory lock on `key`, held on one
 * pooled connection while it runs); another server that holds it makes this call return null at
 * once instead of waiting. A server that dies mid-run loses its connection and with it the lock. On
 * SQLite one server owns the file: `work` just runs.
 */
export async function oneServerAtATime<T, D>(
  db: Kysely<D>,
  dialect: Dialect,
  key: string,
  work: () => Promise<T>,
): Promise<T | null> {
  if (!locksRows(dialect)) return work();
  return db.connection().execute(async (conn) => {
    const lock = sql<{
      got: boolean;
    }>`select pg_try_advisory_lock(${sql.lit(ALONE_LOCK_SPACE)}, hashtext(${key})) as got`;
    const { rows } = await lock.execute(conn);
    if (!rows[0]?.got) return null;
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(ALONE_LOCK_SPACE)}, hashtext(${key}))`.execute(conn);
    }
  });
}

/** The n-th parameter of SQL text (in order of appearance): `?` on SQLite, `$n` on PostgreSQL. */
export type Placeholder = (n: number) => string;
export const placeholder = (dialect: Dialect): Placeholder =>
  perDialect<Placeholder>(dialect, { sqlite: () => '?', postgres: (n) => `$${n}` });

/** A floating-point column type. */
export const realType = (dialect: Dialect): RawBuilder<unknown> =>
  sql.raw(perDialect(dialect, { sqlite: 'real', postgres: 'double precision' }));

/**
 * Appended to CREATE TABLE: on SQLite the rows live in the primary key's b-tree (no rowid, no second
 * lookup); PostgreSQL tables are heaps either way.
 */
export const withoutRowid = (dialect: Dialect): RawBuilder<unknown> =>
  sql.raw(perDialect(dialect, { sqlite: ' without rowid', postgres: '' }));

/**
 * The `url` column without query string or fragment: the page Top Pages counts (pageUrl() in core).
 * Migration 0006 fills the rollups with it, so a change here changes what that migration writes.
 */
export function urlWithoutQuery(dialect: Dialect): RawBuilder<string> {
  if (dialect === 'postgres') return sql`split_part(split_part(url, '#', 1), '?', 1)`;
  const noFragment = sql`case when instr(url, '#') > 0 then substr(url, 1, instr(url, '#') - 1) else url end`;
  return sql`case when instr(${noFragment}, '?') > 0 then substr(${noFragment}, 1, instr(${noFragment}, '?') - 1) else ${noFragment} end`;
}
